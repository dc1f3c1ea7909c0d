package dev.ldf.watdiv.generate;

import java.util.Locale;

import dev.ldf.cli.ProgressLine;

/** Triples generated so far and the rate, as a {@link ProgressLine} status. */
public final class TripleProgress {
    private final ProgressLine line;
    private final long start = System.nanoTime();
    private long count;

    public TripleProgress(ProgressLine line) {
        this.line = line;
    }

    public void tick() {
        if (++count % 100_000 == 0) {
            double seconds = (System.nanoTime() - start) / 1e9;
            long triples = count;
            line.update(() -> String.format(Locale.ROOT, "[%6.1fs] %,d triples generated (%,.0f/s)", seconds, triples,
                    triples / seconds));
        }
    }
}
