package dev.ldf.experiments.scale;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import dev.ldf.experiments.run.CsvTable;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.hdt.cli.HdtDataCommand;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.watdiv.cli.WatDivCommand;

/**
 * The data steps as a publisher runs them, each a process of its own: {@code ldf-watdiv generate}
 * writes gzipped N-Triples, {@code ldf-hdt convert} with the {@link #LOADER} loader and a bounded heap turns
 * them into HDT (and its index), {@code ldf-hdt index} builds the index again on its own, so that
 * its cost shows apart, and {@code ldf-hdt check} compares the file with its input. What each took
 * is kept in a CSV beside the files: the files are made once, and later runs report the figures of
 * the runs that made them.
 */
final class ScaleData {

    /** The base IRI WatDiv's data uses, as the other experiments' files have it. */
    private static final String BASE = "http://db.uwaterloo.ca/~galuc/wsdbm/";

    /** One step: what it took, how many triples it handled, and when it ran. */
    record Step(String name, double seconds, long peakRssBytes, long peakDiskBytes, long triples, String ranAt,
            String jvmOptions) {

        double triplesPerSecond() {
            return triples / seconds;
        }
    }

    /**
     * The steps, the conversion's phases (seconds into it), the files, and what {@code ldf-hdt check}
     * said of the file against its input (empty when the run that made the files did not check).
     */
    record Made(Path ntriples, Path hdt, List<Step> steps, Map<String, Double> conversionPhases, String check) {}

    /** The loader the conversion runs with: the one whose heap does not grow with the input. */
    static final HdtLoader LOADER = HdtLoader.BOUNDED;

    private static final Pattern PHASE = Pattern.compile("^\\[\\s*([0-9.]+)s\\] (read |saving|building index|done in)");

    private final Path dir;
    private final String name;
    private final int scale;
    private final long seed;
    private final List<String> convertJvm;
    private final PrintStream progress;

    ScaleData(Path dir, int scale, long seed, List<String> convertJvm, PrintStream progress) {
        this.dir = dir;
        this.name = "watdiv-sf" + scale + "-seed" + seed;
        this.scale = scale;
        this.seed = seed;
        this.convertJvm = convertJvm;
        this.progress = progress;
    }

    Path hdt() {
        return dir.resolve(name + ".hdt");
    }

    private Path ntriples() {
        return dir.resolve(name + ".nt.gz");
    }

    private Path record() {
        return dir.resolve(name + ".steps.csv");
    }

    private Path log(String step) {
        return dir.resolve("logs").resolve(name + "." + step + ".log");
    }

    /**
     * The files and their steps: made now, or as earlier runs made them. Each step is recorded as it
     * ends, and a run goes on after the last recorded step: at a billion triples the steps take
     * longer together than one sitting, and a step cut short is run again from its start.
     */
    Made make() throws IOException, InterruptedException {
        List<Step> steps = Files.exists(record()) ? readSteps() : new ArrayList<>();
        List<String> done = steps.stream().map(Step::name).toList();
        if (done.containsAll(List.of("generate", "convert", "index", "check")) && Files.exists(hdt())
                && Files.exists(HdtFiles.indexFile(hdt()))) {
            progress.println("data: " + hdt() + " was made by an earlier run; its steps are in " + record());
            return new Made(ntriples(), hdt(), steps, conversionPhases(), checkOutcome());
        }
        if (!done.isEmpty()) {
            progress.println("data: going on after the steps recorded in " + record() + ": " + String.join(", ", done));
        }
        Files.createDirectories(dir);
        if (!done.contains("generate")) {
            progress.printf(Locale.ROOT, "data: generating WatDiv scale factor %d (seed %d) into %s%n", scale, seed,
                    ntriples());
            Instant began = Instant.now();
            ToolRun.Cost generated = new ToolRun(List.of(), WatDivCommand.class.getName()).run(List.of("generate", "-s",
                    Integer.toString(scale), "--seed", Long.toString(seed), "-o", ntriples().toString()),
                    log("generate"), dir);
            record(steps, step("generate", generated, generatedTriples(), began, List.of()));
        }
        long triples = generatedTriples();
        if (!done.contains("convert")) {
            Instant began = Instant.now();
            progress.printf(Locale.ROOT, "data: converting to HDT with ldf-hdt convert --loader %s (JVM: %s)%n", LOADER,
                    String.join(" ", convertJvm));
            ToolRun.Cost converted = new ToolRun(convertJvm, HdtDataCommand.class.getName()).run(List.of("convert",
                    "--loader", LOADER.name(), "--base", BASE, "-o", hdt().toString(), ntriples().toString()),
                    log("convert"), dir);
            record(steps, step("convert", converted, triples, began, convertJvm));
        }
        if (!done.contains("index")) {
            progress.println("data: building the index again on its own (ldf-hdt index)");
            Files.deleteIfExists(HdtFiles.indexFile(hdt()));
            Instant began = Instant.now();
            ToolRun.Cost indexed = new ToolRun(List.of(), HdtDataCommand.class.getName())
                    .run(List.of("index", hdt().toString()), log("index"), dir);
            record(steps, step("index", indexed, triples, began, List.of()));
        }
        if (!done.contains("check")) {
            progress.println("data: checking the file against its input (ldf-hdt check: RIOT reads the input again)");
            Instant began = Instant.now();
            ToolRun.Cost checked = new ToolRun(List.of(), HdtDataCommand.class.getName())
                    .run(List.of("check", "--base", BASE, hdt().toString(), ntriples().toString()), log("check"), dir);
            record(steps, step("check", checked, triples, began, List.of()));
        }
        return new Made(ntriples(), hdt(), steps, conversionPhases(), checkOutcome());
    }

    /** Adds a step that has ended and writes the record again, whole. */
    private void record(List<Step> steps, Step step) throws IOException {
        steps.add(step);
        try (CsvWriter csv = new CsvWriter(record(), "step", "seconds", "peak_rss_bytes", "peak_disk_bytes", "triples",
                "ran_at", "jvm_options")) {
            for (Step s : steps) {
                csv.row(s.name(), s.seconds(), s.peakRssBytes(), s.peakDiskBytes(), s.triples(), s.ranAt(), s.jvmOptions());
            }
        }
    }

    /** The verdict {@code ldf-hdt check} printed ("the same: …" or "DIFFERENT: …"), or "" without one. */
    private String checkOutcome() throws IOException {
        if (!Files.exists(log("check"))) {
            return "";
        }
        String marker = hdt() + ": ";
        try (Stream<String> lines = Files.lines(log("check"))) {
            return lines.filter(l -> l.startsWith(marker)).reduce((a, b) -> b).map(l -> l.substring(marker.length()))
                    .orElse("");
        }
    }

    private static Step step(String name, ToolRun.Cost cost, long triples, Instant began, List<String> jvm) {
        return new Step(name, cost.seconds(), cost.peakRssBytes(), cost.peakDiskBytes(), triples,
                began.truncatedTo(ChronoUnit.SECONDS).toString(), String.join(" ", jvm));
    }

    private List<Step> readSteps() throws IOException {
        List<Step> steps = new ArrayList<>();
        for (Map<String, String> row : CsvTable.read(record()).rows()) {
            steps.add(new Step(row.get("step"), Double.parseDouble(row.get("seconds")),
                    Long.parseLong(row.get("peak_rss_bytes")), Long.parseLong(row.get("peak_disk_bytes")),
                    Long.parseLong(row.get("triples")), row.get("ran_at"), row.getOrDefault("jvm_options", "")));
        }
        return steps;
    }

    /** The count the generator's last line states ("generated 1,234 triples …"). */
    private long generatedTriples() throws IOException {
        Pattern generated = Pattern.compile("generated ([0-9,]+) triples");
        try (Stream<String> lines = Files.lines(log("generate"))) {
            return lines.map(generated::matcher).filter(Matcher::find).reduce((a, b) -> b)
                    .map(m -> Long.parseLong(m.group(1).replace(",", "")))
                    .orElseThrow(() -> new IllegalStateException("no count in " + log("generate")));
        }
    }

    /**
     * Where the conversion's time went, from the seconds its own lines carry: reading, sorting and
     * building the dictionary and triples until {@code read}, writing the file until {@code building
     * index}, the index until {@code done}.
     */
    private Map<String, Double> conversionPhases() throws IOException {
        Map<String, Double> marks = new LinkedHashMap<>();
        if (!Files.exists(log("convert"))) {
            return marks;
        }
        try (Stream<String> lines = Files.lines(log("convert"))) {
            lines.map(PHASE::matcher).filter(Matcher::find)
                    .forEach(m -> marks.putIfAbsent(m.group(2).trim(), Double.parseDouble(m.group(1))));
        }
        Map<String, Double> phases = new LinkedHashMap<>();
        Double read = marks.get("read");
        Double index = marks.get("building index");
        Double done = marks.get("done in");
        if (read != null && index != null && done != null) {
            phases.put("parse, sort, dictionary and triples", read);
            phases.put("write the HDT file", index - read);
            phases.put("build the index", done - index);
        }
        return phases;
    }
}
