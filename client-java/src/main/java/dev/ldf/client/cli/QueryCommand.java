package dev.ldf.client.cli;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;

import dev.ldf.cli.Commands;
import dev.ldf.cli.ExitCode;
import dev.ldf.cli.Suggestions;
import dev.ldf.cli.UsageException;
import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientStats;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.http.FragmentSource;
import dev.ldf.client.http.HttpOptions;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/** {@code ldf-query}: runs a SPARQL query over a TPF or brTPF interface. */
@Command(name = "ldf-query", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = QueryCommand.Defaults.class,
        description = "Runs a SPARQL 1.1 query over a Triple Pattern Fragments (or brTPF) interface.")
public final class QueryCommand implements Callable<Integer> {

    @Parameters(index = "0", paramLabel = "URL", description = "The interface: a dataset URL or any page of it.")
    String url;

    @Parameters(index = "1", arity = "0..1", paramLabel = "QUERY", description = "The SPARQL query (or use --file).")
    String queryText;

    @Option(names = {"-f", "--file"}, paramLabel = "FILE", description = "Read the query from FILE ('-' for standard input).")
    String file;

    @Option(names = {"-m", "--mode"},
            description = "AUTO (brTPF when the server offers it), BRTPF or TPF. Default: ${DEFAULT-VALUE}.")
    Mode mode;

    @Option(names = "--max-mpr", paramLabel = "N", description = "Mappings per brTPF request (default: the server's maxMpR).")
    int maxMpR;

    @Option(names = {"-o", "--format"}, paramLabel = "FORMAT",
            description = "table, json, csv, tsv, xml (SELECT, ASK); turtle, ntriples, nquads, trig, jsonld, rdfxml "
                    + "(CONSTRUCT, DESCRIBE). Default: table or turtle.")
    String format;

    @Option(names = "--stats", description = "Print requests, triples, bytes and times to standard error.")
    boolean stats;

    @Option(names = "--in-flight", description = "Requests on the wire at once (default: ${DEFAULT-VALUE}).")
    int inFlight;

    @Option(names = "--page-cache",
            description = "Pages remembered, so that a request repeated within the query is not sent again; 0 turns "
                    + "it off (default: ${DEFAULT-VALUE}).")
    int pageCache;

    @Option(names = "--chunks",
            description = "brTPF requests each join stage keeps in flight (default: ${DEFAULT-VALUE}).")
    int chunks;

    @Option(names = "--max-get-url",
            description = "brTPF requests with longer URLs are POSTed (default: ${DEFAULT-VALUE} bytes).")
    int maxGetUrl;

    @Option(names = "--timeout", description = "Seconds to wait for one response (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = {"-q", "--quiet"}, description = "No progress line on a terminal.")
    boolean quiet;

    private final PrintStream out;
    private final PrintStream err;

    /** The options' defaults are the library's ({@link ClientOptions#defaults()}), not a copy of them. */
    static final class Defaults implements CommandLine.IDefaultValueProvider {
        @Override
        public String defaultValue(CommandLine.Model.ArgSpec argument) {
            if (!(argument instanceof CommandLine.Model.OptionSpec option)) {
                return null;
            }
            ClientOptions defaults = ClientOptions.defaults();
            return switch (option.longestName()) {
                case "--mode" -> defaults.mode().name();
                case "--in-flight" -> Integer.toString(defaults.http().maxInFlight());
                case "--page-cache" -> Integer.toString(defaults.pageCacheEntries());
                case "--chunks" -> Integer.toString(defaults.chunksInFlight());
                case "--max-get-url" -> Integer.toString(defaults.http().maxGetUrlBytes());
                case "--timeout" -> Long.toString(defaults.http().requestTimeout().toSeconds());
                default -> null;
            };
        }
    }

    public QueryCommand() {
        this(System.out, System.err);
    }

    QueryCommand(PrintStream out, PrintStream err) {
        this.out = out;
        this.err = err;
    }

    public static void main(String[] args) {
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the command and returns its exit code: 0 done, 1 the server failed, 2 a mistake in the call. */
    static int run(PrintStream out, PrintStream err, String... args) {
        CommandLine line = new CommandLine(new QueryCommand(out, err));
        line.setErr(new java.io.PrintWriter(err, true));
        line.setOut(new java.io.PrintWriter(out, true));
        return Commands.run(line, e -> e instanceof UsageException, args);
    }

    @Override
    public Integer call() {
        Query query;
        try {
            query = QueryFactory.create(readQuery());
        } catch (QueryParseException e) {
            String position = e.getLine() > 0 ? " at line " + e.getLine() + ", column " + e.getColumn() : "";
            String what = e.getMessage().lines().findFirst().orElse("").replaceFirst("\\s*at line \\d+, column \\d+\\.?$", "");
            err.println("error: the query is not valid SPARQL" + position + ": " + what);
            return ExitCode.USAGE;
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        QueryOutput.Format chosen;
        try {
            chosen = format(query);
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        ClientOptions options = new ClientOptions(mode, maxMpR, chunks, pageCache, HttpOptions.defaults()
                .withMaxInFlight(inFlight).withRequestTimeout(Duration.ofSeconds(timeoutSeconds)).withMaxGetUrlBytes(maxGetUrl));
        long start = System.nanoTime();
        AtomicLong firstResult = new AtomicLong(-1);
        AtomicLong results = new AtomicLong();
        Progress progress = new Progress(err, !quiet && System.console() != null, results);
        try (FragmentSource source = FragmentSource.connect(url, options, progress)) {
            ClientStats.Snapshot before = source.stats().snapshot();
            progress.start();
            try (OutputStream buffered = new BufferedOutputStream(out, 1 << 16)) {
                QueryOutput.write(query, source, chosen, buffered, n -> {
                    firstResult.compareAndSet(-1, System.nanoTime() - start);
                    results.addAndGet(n);
                });
            }
            progress.stop();
            if (stats) {
                printStats(source, source.stats().snapshot().minus(before), results.get(), firstResult.get(),
                        System.nanoTime() - start);
            }
            return ExitCode.OK;
        } catch (FragmentException e) {
            progress.stop();
            err.println("error: " + e.getMessage() + partial(results.get()));
            return ExitCode.FAILURE;
        } catch (IOException e) {
            progress.stop();
            err.println("error: cannot write the results: " + e.getMessage() + partial(results.get()));
            return ExitCode.FAILURE;
        }
    }

    /** Results were written before a failure: say that the output is incomplete. */
    private static String partial(long written) {
        return written == 0 ? "" : String.format(Locale.ROOT, " (the output is partial: %,d result%s written before "
                + "the failure)", written, written == 1 ? " was" : "s were");
    }

    private String readQuery() {
        if ((queryText == null) == (file == null)) {
            throw new UsageException("give the query as an argument or with --file, not both or neither");
        }
        if (queryText != null) {
            return queryText;
        }
        try {
            if (file.equals("-")) {
                return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
            }
            return Files.readString(Path.of(file));
        } catch (NoSuchFileException e) {
            throw new UsageException("query file not found: " + file);
        } catch (IOException e) {
            throw new UsageException("cannot read the query file " + file + ": " + e.getMessage());
        }
    }

    private QueryOutput.Format format(Query query) {
        boolean graph = query.isConstructType() || query.isDescribeType();
        if (format == null) {
            return graph ? QueryOutput.Format.TURTLE : QueryOutput.Format.TABLE;
        }
        QueryOutput.Format f;
        try {
            f = QueryOutput.Format.valueOf(format.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            throw new UsageException("unknown format '" + format + "'" + Suggestions.nearest(format,
                    java.util.Arrays.stream(QueryOutput.Format.values()).map(v -> v.name().toLowerCase(Locale.ROOT)).toList())
                    .map(n -> "; did you mean '" + n + "'?").orElse(""));
        }
        if (graph == f.forResults()) {
            throw new UsageException("format '" + format + "' does not suit a "
                    + (graph ? "CONSTRUCT or DESCRIBE" : "SELECT or ASK") + " query");
        }
        return f;
    }

    private void printStats(FragmentSource source, ClientStats.Snapshot s, long results, long firstNanos, long totalNanos) {
        err.printf(Locale.ROOT, "mode             %s%s%n", source.usesBrtpf() ? "brTPF" : "TPF",
                source.usesBrtpf() ? " (maxMpR " + source.maxBindingsPerRequest() + ")" : "");
        err.printf(Locale.ROOT, "results          %,d%n", results);
        err.printf(Locale.ROOT, "requests         %,d (%,d POST, %,d retries)%n", s.requests(), s.posts(), s.retries());
        err.printf(Locale.ROOT, "data triples     %,d%n", s.dataTriples());
        err.printf(Locale.ROOT, "metadata triples %,d%n", s.metadataTriples());
        err.printf(Locale.ROOT, "bytes received   %,d%n", s.bytes());
        err.printf(Locale.ROOT, "first result     %s%n", firstNanos < 0 ? "-" : String.format(Locale.ROOT, "%.3f s", firstNanos / 1e9));
        err.printf(Locale.ROOT, "total time       %.3f s%n", totalNanos / 1e9);
    }

}
