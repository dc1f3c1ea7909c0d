package dev.ldf.server;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.server.config.ConfigException;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.hdt.HdtFileException;
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
    }

    @Option(names = "--name", description = "Dataset name (URL path) with --hdt; default: the file name.")
    String name;

    @Option(names = "--title", description = "Dataset title with --hdt.")
    String title;

    @Option(names = "--page-size", description = "Triples per page with --hdt (default: 100).")
    Integer pageSize;

    @Option(names = "--load", description = "With --hdt: load the file onto the heap instead of mapping it.")
    boolean load;

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
        int code = new CommandLine(new Main()).execute(args);
        if (code != 0) {
            System.exit(code);
        }
    }

    @Override
    public Integer call() throws Exception {
        ServerConfig config;
        try {
            config = configuration();
        } catch (ConfigException e) {
            System.err.println("error: " + e.getMessage());
            return 2;
        }
        FragmentServer server;
        try {
            server = FragmentServer.start(config);
        } catch (HdtFileException | ConfigException e) {
            System.err.println("error: " + e.getMessage());
            return 1;
        } catch (java.io.IOException e) {
            System.err.println("error: cannot listen on " + config.host() + ":" + config.port() + ": " + e.getMessage());
            return 1;
        }
        Runtime.getRuntime().addShutdownHook(new Thread(server::close, "ldf-shutdown"));
        for (DatasetConfig d : config.datasets()) {
            System.out.printf(Locale.ROOT, "Serving %s (%,d triples) at %s%s%n", d.title(),
                    server.datasources().get(d.name()).statistics().triples(), server.uri(), d.name());
        }
        System.out.println("Index at " + server.uri() + " (Ctrl-C stops the server)");
        server.join();
        return 0;
    }

    private ServerConfig configuration() {
        ServerConfig config;
        if (source.config != null) {
            config = ServerConfig.read(source.config);
        } else {
            String fileName = source.hdt.getFileName().toString();
            String datasetName = name != null ? name : fileName.replaceFirst("\\.hdt$", "");
            config = ServerConfig.of(List.of(new DatasetConfig(datasetName, title, null,
                    source.hdt.toAbsolutePath().toString(), pageSize,
                    load ? DatasetConfig.Loading.LOAD : DatasetConfig.Loading.MAP, null, null, maxBindings)));
        }
        if (host != null || port != null) {
            config = config.withListener(host != null ? host : config.host(), port != null ? port : config.port());
        }
        if (baseUrl != null) {
            config = config.withBaseUrl(baseUrl);
        }
        if (maxAge != null) {
            config = config.withCacheMaxAge(maxAge);
        }
        return config.validated();
    }
}
