package dev.ldf.hdt.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.cli.Commands;
import dev.ldf.cli.ProgressLine;
import dev.ldf.cli.UsageException;
import dev.ldf.hdt.convert.ConversionCheck;
import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.ConversionSummary;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.hdt.sample.LibraryDataset;
import dev.ldf.hdt.sample.ReviewsDataset;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * The {@code ldf-hdt} command line: {@code convert} RDF to HDT, build the {@code index} of an HDT
 * file, {@code check} a file against its input, write the {@code sample} dataset.
 */
@Command(name = "ldf-hdt", mixinStandardHelpOptions = true,
        description = "Turns RDF dumps into HDT files with their index.",
        subcommands = {HdtDataCommand.Convert.class, HdtDataCommand.Index.class, HdtDataCommand.Check.class,
                HdtDataCommand.Sample.class})
public final class HdtDataCommand {

    public static void main(String[] args) {
        int code = run(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    /** Runs the command and returns its exit code (used by the build, which must not exit). */
    public static int run(String... args) {
        return Commands.run(new HdtDataCommand(), args);
    }

    /** Refuses, as a usage error, an input that is missing or not a file. */
    private static void requireInputs(List<Path> inputs) {
        for (Path input : inputs) {
            if (!Files.isRegularFile(input)) {
                throw new UsageException((Files.exists(input) ? "not a file: " : "input file not found: ") + input);
            }
        }
    }

    @Command(name = "convert", mixinStandardHelpOptions = true,
            description = "Converts RDF files (N-Triples, Turtle, RDF/XML, and the default graph of "
                    + "N-Quads and TriG; plain or .gz) into one HDT file plus its .index.v1-1.")
    static final class Convert implements Callable<Integer> {
        @Parameters(arity = "1..*", paramLabel = "INPUT", description = "RDF files, read in this order.")
        List<Path> inputs;

        @Option(names = {"-o", "--output"}, required = true, description = "The HDT file to write.")
        Path output;

        @Option(names = "--base", defaultValue = "http://example.org/",
                description = "Base IRI for relative IRIs and the HDT header (default: ${DEFAULT-VALUE}).")
        String base;

        @Option(names = "--loader", defaultValue = "BOUNDED",
                description = "BOUNDED (sorts chunks beside the output and merges them: the fastest, with a heap "
                        + "that does not grow with the input), MEMORY (hdt-java's, the dataset on the heap) or DISK "
                        + "(hdt-java's disk generator). Default: ${DEFAULT-VALUE}.")
        HdtLoader loader;

        @Option(names = {"-q", "--quiet"}, description = "No progress output.")
        boolean quiet;

        @Override
        public Integer call() throws IOException {
            requireInputs(inputs);
            ConversionProgress progress = new ConversionProgress(ProgressLine.standardError(quiet));
            ConversionSummary summary = new RdfToHdt(base, loader, progress).convert(inputs, output);
            System.out.printf(Locale.ROOT, "%s: %,d triples (%,d read, %,d quads in named graphs skipped) in %.1f s%n",
                    summary.hdt(), summary.triples(), summary.triplesRead(), summary.quadsSkipped(),
                    summary.elapsed().toMillis() / 1000.0);
            return 0;
        }
    }

    @Command(name = "index", mixinStandardHelpOptions = true,
            description = "Builds the index (.index.v1-1) of an existing HDT file beside it, as the server needs it; "
                    + "for HDT files from elsewhere, or a server that cannot write next to its files.")
    static final class Index implements Callable<Integer> {
        @Parameters(paramLabel = "HDT", description = "The HDT file.")
        Path hdt;

        @Option(names = {"-q", "--quiet"}, description = "No progress output.")
        boolean quiet;

        @Override
        public Integer call() throws Exception {
            if (!Files.isRegularFile(hdt)) {
                throw new UsageException("HDT file not found: " + hdt);
            }
            long start = System.nanoTime();
            try {
                RdfToHdt.writeIndex(hdt, new ConversionProgress(ProgressLine.standardError(quiet)));
            } catch (IOException | RuntimeException e) {
                throw HdtFiles.unreadable(hdt, e);
            }
            Path index = HdtFiles.indexFile(hdt);
            System.out.printf(Locale.ROOT, "%s in %.1f s%n", Files.exists(index) ? index : hdt + " (no triples, no index needed)",
                    (System.nanoTime() - start) / 1e9);
            return 0;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Checks an HDT file against the RDF files it was converted from, read again by Jena RIOT: "
                    + "for a sample of subjects, the file's triples of each must be exactly the input's.")
    static final class Check implements Callable<Integer> {
        @Parameters(index = "0", paramLabel = "HDT", description = "The HDT file.")
        Path hdt;

        @Parameters(index = "1..*", arity = "1..*", paramLabel = "INPUT", description = "The RDF files it was converted from, in order.")
        List<Path> inputs;

        @Option(names = "--base", defaultValue = "http://example.org/",
                description = "The base IRI the conversion used (default: ${DEFAULT-VALUE}).")
        String base;

        @Option(names = "--per-million", defaultValue = "1000",
                description = "Subjects in a million to compare (default: ${DEFAULT-VALUE}).")
        int perMillion;

        @Option(names = {"-q", "--quiet"}, description = "No progress output.")
        boolean quiet;

        @Override
        public Integer call() throws IOException {
            if (!Files.isRegularFile(hdt)) {
                throw new UsageException("HDT file not found: " + hdt);
            }
            requireInputs(inputs);
            if (perMillion < 1 || perMillion > 1_000_000) {
                throw new UsageException("--per-million must be from 1 to 1000000");
            }
            ConversionCheck.Result result = ConversionCheck.check(hdt, inputs, base, perMillion,
                    new ConversionProgress(ProgressLine.standardError(quiet)));
            System.out.println(hdt + ": " + result.describe());
            return result.passed() ? 0 : 1;
        }
    }

    @Command(name = "sample", mixinStandardHelpOptions = true,
            description = "Writes a bundled dataset (the library, or the reviews that link to it) as Turtle.")
    static final class Sample implements Callable<Integer> {
        @Option(names = {"-o", "--output"}, required = true, description = "The Turtle file to write.")
        Path output;

        @Option(names = "--dataset", defaultValue = "library",
                description = "library (default) or reviews: readers' reviews of the library's books.")
        String dataset;

        @Option(names = "--seed", description = "Random seed (default: the bundled dataset's).")
        Long seed;

        @Option(names = "--scale", defaultValue = "1",
                description = "Times as many people and books (about 5,000 triples each); 1 is the bundled dataset.")
        int scale;

        @Override
        public Integer call() throws IOException {
            Path parent = output.toAbsolutePath().getParent();
            Files.createDirectories(parent);
            boolean reviews = switch (dataset) {
                case "library" -> false;
                case "reviews" -> true;
                default -> throw new CommandLine.ParameterException(new CommandLine(this),
                        "unknown dataset '" + dataset + "'; the bundled ones are library and reviews");
            };
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(output))) {
                if (reviews) {
                    ReviewsDataset.writeTurtle(out, seed == null ? ReviewsDataset.DEFAULT_SEED : seed);
                } else {
                    LibraryDataset.writeTurtle(out, seed == null ? LibraryDataset.DEFAULT_SEED : seed, scale);
                }
            }
            return 0;
        }
    }
}
