package dev.ldf.client.cli;

import java.io.BufferedOutputStream;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.jena.graph.Triple;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

import dev.ldf.cli.Commands;
import dev.ldf.cli.ExitCode;
import dev.ldf.cli.ProgressLine;
import dev.ldf.cli.UsageException;
import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.http.HttpOptions;
import dev.ldf.client.source.Federation;
import dev.ldf.client.source.FragmentSource;

/** {@code ldf-query}: runs a SPARQL query over a TPF or brTPF interface. */
@Command(name = "ldf-query", mixinStandardHelpOptions = true, sortOptions = false,
        defaultValueProvider = QueryCommand.Defaults.class,
        description = "Runs a SPARQL 1.1 query over a Triple Pattern Fragments (or brTPF) interface.")
public final class QueryCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "URL... [QUERY]", description = "The interface, a dataset URL or any page "
            + "of it; several to query the merge of their data (a federation); then the SPARQL query (or use --file).")
    List<String> arguments = new ArrayList<>();

    @Option(names = {"-f", "--file"}, paramLabel = "FILE",
            description = "Read a query from FILE ('-' for standard input); repeat for several, run in order.")
    List<String> files = new ArrayList<>();

    @Option(names = "--queries", paramLabel = "FILE",
            description = "Run every query of FILE in one process, in order: one per line, as 'name<TAB>query' or "
                    + "just the query.")
    Path queriesFile;

    @Option(names = "--results-dir", paramLabel = "DIR",
            description = "With several queries: each query's results into DIR/<name>.<format> instead of standard output.")
    Path resultsDir;

    @Option(names = "--http2", description = "Speak HTTP/2 (h2c over cleartext), falling back to HTTP/1.1.")
    boolean http2;

    @Option(names = {"-m", "--mode"},
            description = "AUTO (brTPF when the server offers it), BRTPF, TPF, or PREEMPTIVE (the dataset's preemptive "
                    + "SPARQL endpoint for what it runs, brTPF for the rest). Default: ${DEFAULT-VALUE}.")
    Mode mode;

    @Option(names = "--max-mpr", paramLabel = "N", description = "Mappings per brTPF request (default: the server's maxMpR).")
    int maxMpR;

    @Option(names = "--format", paramLabel = "FORMAT",
            description = "table, json, csv, tsv, xml (SELECT, ASK); turtle, ntriples, nquads, trig, jsonld, rdfxml "
                    + "(CONSTRUCT, DESCRIBE). Default: table or turtle.")
    String format;

    @Option(names = {"-o", "--output"}, paramLabel = "FILE", description = "Write the results to FILE instead of "
            + "standard output. (A format name here is the old spelling of --format: it still works, with a notice.)")
    String output;

    @Option(names = "--skolem-iris", description = "Write the server's blank nodes as the Skolem IRIs it sends "
            + "(/.well-known/genid/...), which name them in the next query; by default they are blank nodes, as SPARQL has them.")
    boolean skolemIris;

    @Option(names = "--stats", description = "Print requests, triples, bytes and times to standard error.")
    boolean stats;

    @Option(names = "--explain", description = "Print the plan that ran to standard error: each step (scan, bind join, "
            + "TPF, preemptive) with its estimate, pages, triples and solutions.")
    boolean explain;

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

    @Option(names = "--timeout",
            description = "Seconds one whole response may take, its body included (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds;

    @Option(names = "--max-response-mb",
            description = "The most megabytes (MiB, decoded) the client reads of one response (default: ${DEFAULT-VALUE}).")
    int maxResponseMb;

    @Option(names = {"-q", "--quiet"},
            description = "No progress: neither the line on a terminal nor, elsewhere, a line every 10 s.")
    boolean quiet;

    private final PrintStream out;
    private final PrintStream err;
    /** The sources, from the positional arguments. */
    private List<String> urls;
    /** Where results go: standard output, or the --output file. */
    private PrintStream sink;

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
                case "--max-response-mb" -> Long.toString(defaults.http().maxResponseBytes() >> 20);
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
        BackgroundStart.begin();
        System.exit(run(System.out, System.err, args));
    }

    /** Runs the command and returns its exit code: 0 done, 1 the server failed, 2 a mistake in the call. */
    static int run(PrintStream out, PrintStream err, String... args) {
        CommandLine line = new CommandLine(new QueryCommand(out, err));
        line.setErr(new PrintWriter(err, true));
        line.setOut(new PrintWriter(out, true));
        return Commands.run(line, e -> e instanceof UsageException, args);
    }

    @Override
    public Integer call() {
        BackgroundStart.awaitJena();
        List<QueryInputs.NamedQuery> queries;
        QueryInputs.OutputChoice choice = QueryInputs.OutputChoice.of(output, format, err);
        try {
            QueryInputs.Positional positional = QueryInputs.positional(arguments);
            urls = positional.sources();
            queries = QueryInputs.parse(QueryInputs.gather(positional.query(), files, queriesFile, resultsDir),
                    q -> QueryInputs.format(choice.format(), q));
            sink = choice.open(out);
        } catch (UsageException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.USAGE;
        }
        try {
            return run(queries);
        } finally {
            sink.close();
        }
    }

    private int run(List<QueryInputs.NamedQuery> queries) {
        ClientOptions options = new ClientOptions(mode, maxMpR, chunks, pageCache, HttpOptions.defaults()
                .withMaxInFlight(inFlight).withRequestTimeout(Duration.ofSeconds(timeoutSeconds))
                .withMaxGetUrlBytes(maxGetUrl).withHttp2(http2).withMaxResponseBytes((long) maxResponseMb << 20));
        AtomicLong written = new AtomicLong();
        Progress progress = new Progress(err, ProgressLine.standardErrorStyle(quiet), written);
        boolean several = queries.size() > 1;
        // Ctrl-C (or SIGTERM) in the middle of a query: say that what was written is not all.
        Thread interrupted = new Thread(() -> {
            err.println("error: stopped before the end: the output is partial" + partialCount(written.get()));
            err.flush();
        }, "ldf-query-interrupted");
        Runtime.getRuntime().addShutdownHook(interrupted);
        try (Federation source = Federation.connect(urls, options, progress)) {
            if (stats && several) {
                err.println("query\tresults\trequests\tdata_triples\tbytes\tfirst_result_s\ttotal_s\tstatus");
            }
            int failures = 0;
            for (QueryInputs.NamedQuery q : queries) {
                if (!run(q, source, progress, written, several)) {
                    failures++;
                }
            }
            return failures == 0 ? ExitCode.OK : ExitCode.FAILURE;
        } catch (FragmentException e) {
            err.println("error: " + e.getMessage());
            return ExitCode.FAILURE;
        } finally {
            removeHook(interrupted);
        }
    }

    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException e) {
            // Already shutting down: the hook runs.
        }
    }

    private static String partialCount(long written) {
        return written == 0 ? "" : String.format(Locale.ROOT, " (%,d result%s written)", written, written == 1 ? "" : "s");
    }

    /** Runs one query on the open source; false when it failed (the message is on standard error). */
    private boolean run(QueryInputs.NamedQuery q, Federation source, Progress progress, AtomicLong results, boolean several) {
        QueryStats counted = QueryStats.start(source, err);
        AtomicLong firstResult = new AtomicLong(-1);
        results.set(0);
        source.plan().clear();
        progress.start();
        String failure = null;
        try (OutputStream buffered = new BufferedOutputStream(output(q), 1 << 16)) {
            QueryOutput.write(q.query(), source, q.format(), skolemIris, buffered, n -> {
                firstResult.compareAndSet(-1, counted.nanos());
                results.addAndGet(n);
            });
        } catch (FragmentException e) {
            failure = e.getMessage() + partial(results.get());
        } catch (IOException e) {
            failure = "cannot write the results: " + e.getMessage() + partial(results.get());
        } finally {
            progress.stop();
        }
        if (failure != null) {
            err.println("error: " + (several ? q.name() + ": " : "") + failure);
        }
        if (explain) {
            if (several) {
                err.println(q.name() + ":");
            }
            source.plan().print(err);
        }
        if (stats && several) {
            counted.printLine(q.name(), results.get(), firstResult.get(), failure == null);
        } else if (stats) {
            counted.printBlock(results.get(), firstResult.get());
        }
        return failure == null;
    }

    /** Standard output or --output (left open), or the query's own file in the results directory. */
    private OutputStream output(QueryInputs.NamedQuery q) throws IOException {
        if (resultsDir == null) {
            return new FilterOutputStream(sink) {
                @Override
                public void close() throws IOException {
                    flush();
                }
            };
        }
        Files.createDirectories(resultsDir);
        String file = q.name().replaceAll("[^A-Za-z0-9._-]+", "_") + "." + q.format().name().toLowerCase(Locale.ROOT);
        return Files.newOutputStream(resultsDir.resolve(file));
    }

    /** Results were written before a failure: say that the output is incomplete. */
    private static String partial(long written) {
        return written == 0 ? "" : String.format(Locale.ROOT, " (the output is partial: %,d result%s written before "
                + "the failure)", written, written == 1 ? " was" : "s were");
    }
}
