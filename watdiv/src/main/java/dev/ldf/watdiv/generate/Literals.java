package dev.ldf.watdiv.generate;

import java.time.LocalDate;
import java.util.List;
import java.util.SplittableRandom;

/** The literal values of attributes: numbers, dates, names and text, drawn by each value's distribution. */
final class Literals {

    private final List<String> words;
    private final List<String> names;

    Literals(List<String> words, List<String> names) {
        this.words = words;
        this.names = names;
    }

    String of(Model.Value v, SplittableRandom random) {
        return switch (v.kind()) {
            case INTEGER -> {
                long min = v.min() == null ? 0 : Long.parseLong(v.min());
                long max = v.max() == null ? 65_535 : Long.parseLong(v.max());
                yield Long.toString(min + Math.round(fraction(v, random) * (max - min)));
            }
            case STRING -> {
                int count = 1 + random.nextInt(25);
                StringBuilder b = new StringBuilder();
                for (int w = 0; w < count; w++) {
                    b.append(w > 0 ? " " : "").append(words.get(random.nextInt(words.size())));
                }
                yield b.toString();
            }
            case NAME -> names.get(random.nextInt(names.size()));
            case DATE -> {
                long min = LocalDate.parse(v.min() == null ? "1980-01-01" : v.min()).toEpochDay();
                long max = LocalDate.parse(v.max() == null ? "2014-12-31" : v.max()).toEpochDay();
                yield LocalDate.ofEpochDay(min + Math.round(fraction(v, random) * (max - min))).toString();
            }
        };
    }

    /** A draw in [0, 1] for a value: uniform values use the whole range evenly, with both ends. */
    private static double fraction(Model.Value v, SplittableRandom random) {
        return v.distribution() == Model.Distribution.UNIFORM ? random.nextInt(1_000_001) / 1_000_000.0
                : Sampler.fraction(v.distribution(), random);
    }
}
