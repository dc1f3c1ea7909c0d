package dev.ldf.endpoint;

import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.net.BindException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import dev.ldf.cli.Causes;
import dev.ldf.cli.Commands;
import dev.ldf.cli.ExitCode;
import dev.ldf.cli.UsageException;
import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.http.HttpOptions;
import dev.ldf.client.source.Federation;

/** {@code ldf-endpoint}: the client as a SPARQL 1.1 endpoint over one source or a federation. */
@Command(name = "ldf-endpoint", mixinStandardHelpOptions = true, sortOptions = false,
        description = "A SPARQL 1.1 Protocol endpoint that runs full SPARQL over TPF, brTPF and SPARQL sources, "
                + "one or several taken together (a federation), for tools that speak SPARQL (YASGUI, Jena, notebooks).")
public final class EndpointCommand implements Callable<Integer> {

    @Parameters(arity = "1..*", paramLabel = "SOURCE", description = "A dataset URL of a TPF or brTPF interface (or "
            + "any page of it), or sparql@URL for a SPARQL endpoint; several for the merge of their data.")
    List<String> sources = new ArrayList<>();

    @Option(names = "--host", description = "The address to listen on (default: ${DEFAULT-VALUE}: this machine "
            + "only; 0.0.0.0 for every interface, behind a proxy that limits who may ask).")
    String host = "127.0.0.1";

    @Option(names = {"-p", "--port"}, description = "The port (default: ${DEFAULT-VALUE}; 0 for any free one).")
    int port = 3030;

    @Option(names = {"-m", "--mode"}, description = "AUTO (brTPF where a source offers it), BRTPF, TPF, or PREEMPTIVE "
            + "(a source's preemptive endpoint for what it runs). Default: ${DEFAULT-VALUE}.")
    Mode mode = Mode.AUTO;

    @Option(names = "--timeout", paramLabel = "SECONDS",
            description = "How long one query may run, to its last result (default: ${DEFAULT-VALUE}).")
    int timeoutSeconds = 60;

    @Option(names = "--max-queries", paramLabel = "N",
            description = "Queries that run at once; one more is answered 503 with Retry-After (default: ${DEFAULT-VALUE}).")
    int maxQueries = 4;

    @Option(names = "--max-request-kb", paramLabel = "KB",
            description = "The largest query string or request body (default: ${DEFAULT-VALUE}).")
    int maxRequestKb = 256;

    @Option(names = "--page-cache", paramLabel = "PAGES", description = "Pages each source keeps for every query "
            + "to reuse, least recently used first out; 0 turns it off (default: ${DEFAULT-VALUE}).")
    int pageCache = 10_000;

    @Option(names = "--max-mpr", paramLabel = "N", description = "Mappings per brTPF request (default: the server's maxMpR).")
    int maxMpR;

    @Option(names = "--source-timeout", paramLabel = "SECONDS",
            description = "How long one response of a source may take, its body included (default: ${DEFAULT-VALUE}).")
    int sourceTimeoutSeconds = 60;

    private final PrintStream out;

    public EndpointCommand() {
        this(System.out);
    }

    EndpointCommand(PrintStream out) {
        this.out = out;
    }

    public static void main(String[] args) {
        int code = run(System.out, System.err, args);
        if (code != ExitCode.OK) {
            System.exit(code);
        }
    }

    static int run(PrintStream out, PrintStream err, String... args) {
        CommandLine line = new CommandLine(new EndpointCommand(out));
        line.setOut(new PrintWriter(out, true));
        line.setErr(new PrintWriter(err, true));
        return Commands.run(line, e -> e instanceof UsageException, args);
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        EndpointLimits limits = limits();
        ClientOptions options = ClientOptions.defaults().withMode(mode).withMaxBindingsPerRequest(maxMpR)
                .withPageCacheEntries(pageCache)
                .withHttp(HttpOptions.defaults().withRequestTimeout(Duration.ofSeconds(sourceTimeoutSeconds)));
        EndpointMetrics metrics = new EndpointMetrics();
        Federation federation;
        try {
            federation = Federation.connect(sources, options, metrics);
        } catch (FragmentException e) {
            throw new IOException(e.getMessage(), e);
        }
        LocalEndpoint endpoint;
        try {
            endpoint = LocalEndpoint.start(federation, limits, metrics, host, port);
        } catch (IOException e) {
            federation.close();
            if (Causes.has(e, BindException.class)) {
                throw new UsageException("cannot listen on " + host + ":" + port + " (" + Causes.root(e).getMessage()
                        + "): choose another port with --port");
            }
            throw e;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            endpoint.close();
            federation.close();
        }, "ldf-endpoint-stop"));
        out.println("SPARQL endpoint at " + endpoint.url() + " over " + sources.size()
                + (sources.size() == 1 ? " source" : " sources") + "; queries run at most " + timeoutSeconds
                + " s, " + maxQueries + " at once");
        out.flush();
        endpoint.join();
        return ExitCode.OK;
    }

    private EndpointLimits limits() {
        if (timeoutSeconds < 1 || maxQueries < 1 || maxRequestKb < 1 || pageCache < 0 || sourceTimeoutSeconds < 1
                || maxMpR < 0) {
            throw new UsageException("--timeout, --max-queries, --max-request-kb and --source-timeout must be at "
                    + "least 1, --page-cache and --max-mpr at least 0");
        }
        return new EndpointLimits(Duration.ofSeconds(timeoutSeconds), maxQueries, Math.multiplyExact(maxRequestKb, 1024));
    }
}
