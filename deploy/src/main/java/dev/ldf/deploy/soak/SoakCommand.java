package dev.ldf.deploy.soak;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;

import dev.ldf.cli.ExitCode;
import dev.ldf.cli.UsageException;
import dev.ldf.deploy.local.Replica;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ldf-deploy soak}: a server under minutes of mixed load, slow clients, and its memory sampled. */
@Command(name = "soak", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts a server on a configuration and measures it: one client on the idle server, the same "
                + "client beside connections that send one byte a second, then many clients of mixed TPF and brTPF "
                + "traffic with memory sampled. Writes summary.md, phases.csv and memory.csv; exits with 1 if any "
                + "request of the main phase failed.")
public final class SoakCommand implements Callable<Integer> {

    @Option(names = {"-c", "--config"}, required = true, description = "The server configuration.")
    Path config;

    @Option(names = "--dataset", description = "The dataset to load (default: the configuration's first).")
    String dataset;

    @Option(names = "--clients", defaultValue = "64", description = "Concurrent clients (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--duration", defaultValue = "60", description = "Seconds of the main phase (default: ${DEFAULT-VALUE}).")
    int durationSeconds;

    @Option(names = "--slow-clients", defaultValue = "200",
            description = "Connections sending one byte a second (default: ${DEFAULT-VALUE}).")
    int slowClients;

    @Option(names = "--probe", defaultValue = "20",
            description = "Seconds of the idle and slow-client phases each (default: ${DEFAULT-VALUE}).")
    int probeSeconds;

    @Option(names = "--sample", defaultValue = "5", description = "Seconds between memory samples (default: ${DEFAULT-VALUE}).")
    int sampleSeconds;

    @Option(names = "--heap", defaultValue = "512m", description = "The server's heap, -Xmx (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the request mix (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = {"-o", "--output"}, defaultValue = "soak-results",
            description = "Where the results go (default: ${DEFAULT-VALUE}).")
    Path output;

    @Override
    public Integer call() throws Exception {
        ServerConfig server = ConfigFile.read(config);
        String name = dataset != null ? dataset : server.datasets().get(0).name();
        if (server.datasets().stream().map(DatasetConfig::name).noneMatch(name::equals)) {
            throw new UsageException("the configuration has no dataset '" + name + "'");
        }
        Files.createDirectories(output);
        Soak.Settings settings = new Soak.Settings(clients, Duration.ofSeconds(durationSeconds), slowClients,
                Duration.ofSeconds(probeSeconds), Duration.ofSeconds(sampleSeconds), seed);
        try (Replica replica = Replica.start(config.toAbsolutePath(), output.resolve("server.log"), List.of("-Xmx" + heap))) {
            System.err.println("server " + replica.uri() + " (pid " + replica.pid() + "), log " + output.resolve("server.log"));
            Soak.Result result = Soak.run(replica, replica.uri() + name, settings, System.err::println);
            SoakReport.write(result, output);
            System.out.println(Files.readString(output.resolve("summary.md")));
            return result.main().errors() == 0 ? ExitCode.OK : ExitCode.FAILURE;
        }
    }
}
