package dev.ldf.deploy.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

import dev.ldf.cli.ExitCode;
import dev.ldf.cli.UsageException;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.ServerConfig;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** {@code ldf-deploy local}: server replicas behind an nginx cache on this machine, until Ctrl-C. */
@Command(name = "local", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Starts N server replicas behind an nginx cache on loopback (no Docker), prints the URLs, "
                + "and stops everything on Ctrl-C.")
public final class LocalDeploymentCommand implements Callable<Integer> {

    @Option(names = {"-c", "--config"}, required = true, description = "The server configuration (its datasets are served).")
    Path config;

    @Option(names = {"-r", "--replicas"}, defaultValue = "2", description = "Server replicas (default: ${DEFAULT-VALUE}).")
    int replicas;

    @Option(names = {"-p", "--port"}, defaultValue = "8080", description = "The cache's port (default: ${DEFAULT-VALUE}).")
    int port;

    @Option(names = "--max-body", defaultValue = "256k", description = "Largest POST body (default: ${DEFAULT-VALUE}).")
    String maxBody;

    @Option(names = "--cache-size", defaultValue = "1g", description = "Most the cache holds on disk (default: ${DEFAULT-VALUE}).")
    String cacheSize;

    @Option(names = "--replica-heap", defaultValue = "1g", description = "Heap of each replica JVM (default: ${DEFAULT-VALUE}).")
    String heap;

    @Option(names = "--work-dir", description = "Where logs, configuration and cache go (default: a new temporary directory).")
    Path workDir;

    @Override
    public Integer call() throws Exception {
        if (replicas < 1) {
            throw new UsageException("--replicas must be at least 1, not " + replicas);
        }
        ServerConfig serverConfig = ConfigFile.read(config);
        Path dir = workDir != null ? workDir : Files.createTempDirectory("ldf-local");
        LocalDeployment deployment = LocalDeployment.start(serverConfig,
                new LocalDeployment.Options(replicas, "127.0.0.1", port, maxBody, cacheSize, List.of("-Xmx" + heap)), dir);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            deployment.close();
            stopped.countDown();
        }, "ldf-local-shutdown"));
        for (int i = 0; i < deployment.replicas().size(); i++) {
            Replica r = deployment.replicas().get(i);
            System.out.printf("replica %d   %s (pid %d)%n", i + 1, r.uri(), r.pid());
        }
        System.out.printf("cache       %s (nginx pid %d)%n", deployment.uri(), deployment.cache().pid());
        serverConfig.datasets().forEach(d -> System.out.printf("dataset     %s%s%n", deployment.uri(), d.name()));
        System.out.printf("work dir    %s (access log: %s)%n", dir, deployment.cache().accessLog());
        System.out.println("Ctrl-C stops everything.");
        stopped.await();
        return ExitCode.OK;
    }
}
