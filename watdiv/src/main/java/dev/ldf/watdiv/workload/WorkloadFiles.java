package dev.ldf.watdiv.workload;

import java.io.IOException;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import dev.ldf.cli.ProgressLine;
import dev.ldf.watdiv.generate.TripleProgress;
import dev.ldf.watdiv.generate.WatDivGenerator;

/**
 * The workload files of a dataset, in one directory, and the one place their names are spelled:
 * the basic templates instantiated ({@code basic.tsv}), the stress templates
 * ({@code templates-stress.txt}), their instances ({@code pool.tsv}), a sequence drawn from the
 * pool ({@code sequence-N.tsv}, the brTPF paper's single-client workload) and client sequences
 * ({@code clients/client-NN.tsv}, its multi-client workload).
 */
public final class WorkloadFiles {

    /**
     * How a workload is made.
     *
     * @param maxIntermediate drop stress templates whose estimated largest intermediate result, for
     *                        every choice of constant, exceeds this
     */
    public record Settings(int templates, int instances, int maxSize, double maxIntermediate, int sequence,
            int clients, int clientLength) {

        // WatDiv's stress-testing sizes and the brTPF paper's sequences; constants, for command-line defaults.
        public static final int TEMPLATES = 124;
        public static final int INSTANCES = 100;
        public static final int MAX_SIZE = 10;
        public static final int MAX_INTERMEDIATE = 10_000;
        /** The brTPF paper's single-client sequence. */
        public static final int SEQUENCE = 145;
        public static final int CLIENTS = 64;
        public static final int CLIENT_LENGTH = 193;

        public static Settings defaults() {
            return new Settings(TEMPLATES, INSTANCES, MAX_SIZE, MAX_INTERMEDIATE, SEQUENCE, CLIENTS, CLIENT_LENGTH);
        }
    }

    private final Path dir;

    public WorkloadFiles(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    public Path basic() {
        return dir.resolve("basic.tsv");
    }

    public Path stressTemplates() {
        return dir.resolve("templates-stress.txt");
    }

    public Path pool() {
        return dir.resolve("pool.tsv");
    }

    public Path sequence(int length) {
        return dir.resolve("sequence-" + length + ".tsv");
    }

    /** Client {@code n}'s sequence, from 1. */
    public Path client(int n) {
        return dir.resolve(String.format(Locale.ROOT, "clients/client-%02d.tsv", n));
    }

    /** The client sequences there are, in order. */
    public List<Path> clients() throws IOException {
        try (var files = Files.list(dir.resolve("clients"))) {
            return files.filter(f -> f.getFileName().toString().matches("client-\\d+\\.tsv")).sorted().toList();
        }
    }

    /** True when the workloads have been written. */
    public boolean exist() {
        return Files.exists(pool());
    }

    /** Writes every workload for {@code generator}'s dataset; the seed is the generator's. */
    public String write(WatDivGenerator generator, Settings settings) throws IOException {
        return write(generator, settings, ProgressLine.off());
    }

    /**
     * {@link #write(WatDivGenerator, Settings)} with progress on {@code line}: the pass over the
     * generated data takes as long as generating it (about 35 minutes at scale factor 10,000).
     */
    public String write(WatDivGenerator generator, Settings settings, ProgressLine line) throws IOException {
        long seed = generator.seed();
        line.print("indexing the data for query generation: one pass of the generator");
        TripleProgress progress = new TripleProgress(line);
        DataIndex index = DataIndex.of(generator, progress::tick);
        line.print("generating stress templates and instantiating the workloads");
        List<Template> basic;
        try (Reader in = new InputStreamReader(WorkloadFiles.class.getResourceAsStream("/watdiv/basic-templates.txt"),
                StandardCharsets.UTF_8)) {
            basic = Template.parse(in);
        }
        List<Template> stress = StressTemplates.generate(generator.model(), index, settings.templates(),
                settings.maxSize(), settings.maxIntermediate(), seed);
        Files.createDirectories(dir);
        Files.writeString(stressTemplates(), String.join("\n", stress.stream().map(Template::toText).toList()));
        Workload.write(basic(), Workload.instantiate(basic, settings.instances(), index, seed));
        List<Workload.Entry> pool = Workload.instantiate(stress, settings.instances(), index, seed + 1);
        Workload.write(pool(), pool);
        Workload.write(sequence(settings.sequence()), Workload.sample(pool, settings.sequence(), seed + 2));
        for (int c = 1; c <= settings.clients(); c++) {
            Workload.write(client(c), Workload.sample(pool, settings.clientLength(), seed + 100 + c));
        }
        return String.format(Locale.ROOT, "wrote %d basic and %d stress templates, a pool of %,d queries, a sequence of %d "
                + "and %d client sequences of %d to %s", basic.size(), stress.size(), pool.size(), settings.sequence(),
                settings.clients(), settings.clientLength(), dir);
    }
}
