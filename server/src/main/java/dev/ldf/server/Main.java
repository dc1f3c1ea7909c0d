package dev.ldf.server;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.cli.Commands;
import dev.ldf.cli.ExitCode;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.hdt.HdtFileException;
import dev.ldf.server.live.log.LogRepair;
import dev.ldf.server.monitor.OutOfMemory;
import picocli.CommandLine;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ldf-server}: serves HDT datasets as Triple Pattern Fragments. */
@Command(name = "ldf-server", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Serves HDT files as Triple Pattern Fragments (and brTPF) over HTTP.")
public final class Main implements Callable<Integer> {

    @ArgGroup(exclusive = true, multiplicity = "1")
    Source source;

    static final class Source {
        @Option(names = {"-c", "--config"}, paramLabel = "FILE", description = "A JSON configuration (see README).")
        Path config;

        @Option(names = "--hdt", paramLabel = "FILE", description = "Serve this one HDT file without a configuration.")
        Path hdt;

        @Option(names = "--repair-log", paramLabel = "FILE", description = "Repair a damaged patch log instead of "
                + "serving: keep a copy of the whole file beside it, cut the log at the damage, and say what was cut.")
        Path repairLog;
    }

    @Option(names = "--name", description = "Dataset name (URL path) with --hdt; default: the file name.")
    String name;

    @Option(names = "--title", description = "Dataset title with --hdt.")
    String title;

    @Option(names = "--page-size", description = "Triples per page with --hdt (default: 100).")
    Integer pageSize;

    @ArgGroup(exclusive = true)
    LoadingChoice loading;

    /** Without either option the file is loaded when it fits in half the heap, else mapped. */
    static final class LoadingChoice {
        @Option(names = "--load", description = "With --hdt: load the file onto the heap, however large.")
        boolean load;

        @Option(names = "--map", description = "With --hdt: memory-map the file, however small.")
        boolean map;

        DatasetConfig.Loading mode() {
            return load ? DatasetConfig.Loading.LOAD : map ? DatasetConfig.Loading.MAP : DatasetConfig.Loading.AUTO;
        }
    }

    @Option(names = "--max-bindings", paramLabel = "N",
            description = "With --hdt: most solution mappings per brTPF request, the paper's maxMpR (default: 100).")
    Integer maxBindings;

    @Option(names = "--host", description = "Interface to listen on (default: 127.0.0.1, or the configuration's).")
    String host;

    @Option(names = {"-p", "--port"}, description = "Port (default: 8080, or the configuration's; 0 picks a free one).")
    Integer port;

    @Option(names = "--base-url", description = "Public URL of the server, when it differs from what requests say.")
    String baseUrl;

    @Option(names = "--max-age", description = "Cache-Control max-age in seconds.")
    Integer maxAge;

    public static void main(String[] args) {
        int code = run(args);
        if (code != ExitCode.OK) {
            System.exit(code);
        }
    }

    /**
     * Runs the command; returns when the server could not start (with the exit code) or, after a
     * stop, never: the shutdown hook ends the process with 0 once running requests have finished.
     */
    static int run(String... args) {
        return Commands.run(new CommandLine(new Main()), Main::isUsageError, args);
    }

    /** Mistakes in the call or the configuration, including an HDT file that is not there. */
    private static boolean isUsageError(Throwable e) {
        // An HDT file that is missing, not HDT or unreadable: the start was given what cannot be served.
        return Commands.isUsageError(e) || e instanceof HdtFileException;
    }

    @Override
    public Integer call() throws Exception {
        if (source.repairLog != null) {
            if (!Files.isRegularFile(source.repairLog)) {
                throw new CommandLine.ParameterException(new CommandLine(this), "No patch log at " + source.repairLog);
            }
            System.out.println(LogRepair.repair(source.repairLog).describe());
            return ExitCode.OK;
        }
        ServerConfig config = configuration();
        // This process owns its JVM: out of memory ends it rather than leave it half dead.
        OutOfMemory.haltTheProcess();
        FragmentServer server;
        try {
            server = FragmentServer.start(config);
        } catch (RuntimeException e) {
            OutOfMemory.check(e); // however wrapped (a replay on several threads): exit 3, not 1
            throw e;
        }
        // SIGTERM or Ctrl-C: finish running requests (within limits.shutdownTimeoutSeconds), then
        // exit with 0, which a stop on request is; halt, because the JVM would report the signal.
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("Stopping: running requests may finish for up to "
                    + config.limits().shutdownTimeoutSeconds() + " s");
            server.close();
            System.out.println("Stopped");
            System.out.flush();
            Runtime.getRuntime().halt(ExitCode.OK);
        }, "ldf-shutdown"));
        for (DatasetConfig d : config.datasets()) {
            System.out.printf(Locale.ROOT, "Serving %s (%,d triples) at %s%s%n", d.title(),
                    server.datasources().get(d.name()).statistics().triples(), server.uri(), d.name());
        }
        System.out.println("Index at " + server.uri() + " (Ctrl-C stops the server); health at " + server.uri()
                + "-/ready, metrics at " + server.uri() + "-/metrics");
        server.join();
        return ExitCode.OK;
    }

    /** The configuration that a call with {@code args} serves (no file of it is opened). */
    static ServerConfig configurationOf(String... args) {
        Main main = new Main();
        new CommandLine(main).parseArgs(args);
        return main.configuration();
    }

    private ServerConfig configuration() {
        ServerConfig config;
        if (source.config != null) {
            config = ConfigFile.read(source.config);
        } else {
            String fileName = source.hdt.getFileName().toString();
            String datasetName = name != null ? name : fileName.replaceFirst("\\.hdt$", "");
            config = ServerConfig.of(List.of(DatasetConfig.builder(datasetName, source.hdt.toAbsolutePath().toString())
                    .title(title).pageSize(pageSize)
                    .loading(loading == null ? DatasetConfig.Loading.AUTO : loading.mode())
                    .maxBindingsPerRequest(maxBindings).build()));
            // The index and every page's breadcrumb say what is served, not a generic name.
            config = config.toBuilder().title("Linked Data Fragments of " + fileName).build();
        }
        ServerConfig.Builder given = config.toBuilder();
        if (host != null || port != null) {
            given.listener(host != null ? host : config.host(), port != null ? port : config.port());
        }
        if (baseUrl != null) {
            given.baseUrl(baseUrl);
        }
        if (maxAge != null) {
            given.cacheMaxAgeSeconds(maxAge);
        }
        return given.build();
    }
}
