package dev.ldf.deploy.local;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import dev.ldf.server.config.ServerConfig;

/**
 * The scale-out topology on one machine, without Docker: {@code N} server replicas (each a JVM of
 * its own) behind one nginx cache, all on loopback. Used by {@code ldf-deploy local} and the experiments.
 *
 * <p>The replicas run without a base URL, so that their links follow the {@code X-Forwarded-Host}
 * the cache sets: clients see the cache's URL, never a replica's. They accept POST bodies as large
 * as nginx does, so that nginx answers larger ones (413).
 */
public final class LocalDeployment implements AutoCloseable {

    /**
     * @param port     the cache's port; 0 picks a free one
     * @param maxBody  the largest POST body (nginx size syntax)
     * @param jvmArgs  options of the replica JVMs, e.g. {@code -Xmx1g}
     */
    public record Options(int replicas, String host, int port, String maxBody, String cacheSize, List<String> jvmArgs) {
        public Options {
            if (replicas < 1) {
                throw new IllegalArgumentException("At least one replica");
            }
            jvmArgs = List.copyOf(jvmArgs);
        }

        public static Options defaults() {
            return new Options(2, "127.0.0.1", 8080, "256k", "1g", List.of("-Xmx1g"));
        }
        public Options withPort(int p) {
            return new Options(replicas, host, p, maxBody, cacheSize, jvmArgs);
        }
    }

    private final List<Replica> replicas;
    private final NginxCache cache;

    private LocalDeployment(List<Replica> replicas, NginxCache cache) {
        this.replicas = replicas;
        this.cache = cache;
    }

    /**
     * Starts the replicas, then the cache in front of them; everything writes into {@code dir}.
     *
     * @throws IllegalStateException when a replica or nginx does not start (nothing is left running)
     */
    public static LocalDeployment start(ServerConfig config, Options options, Path dir) throws IOException {
        Path root = Files.createDirectories(dir.toAbsolutePath());
        ServerConfig replicaConfig = new ServerConfig(config.title(), config.description(), "127.0.0.1", 0, null,
                config.cacheMaxAgeSeconds(), config.maxRequestHeaderBytes(),
                Math.toIntExact(Sizes.parse(options.maxBody())), config.datasets()).validated();
        Path replicaFile = root.resolve("replica.json");
        replicaConfig.write(replicaFile);
        List<Replica> replicas = new ArrayList<>();
        try {
            for (int i = 1; i <= options.replicas(); i++) {
                replicas.add(Replica.start(replicaFile, root.resolve("replica-" + i + ".log"), options.jvmArgs()));
            }
            List<InetSocketAddress> upstreams = replicas.stream()
                    .map(r -> new InetSocketAddress(r.uri().getHost(), r.uri().getPort())).toList();
            int port = options.port() == 0 ? freePort(options.host()) : options.port();
            NginxCache cache = NginxCache.start(root.resolve("nginx"),
                    new NginxCache.Settings(options.host(), port, options.maxBody(), options.cacheSize()), upstreams);
            return new LocalDeployment(replicas, cache);
        } catch (IOException | RuntimeException e) {
            replicas.forEach(Replica::close);
            throw e;
        }
    }

    /** Where clients go: the cache. */
    public URI uri() {
        return cache.uri();
    }

    public NginxCache cache() {
        return cache;
    }

    public List<Replica> replicas() {
        return replicas;
    }

    /** Stops the replicas and leaves the cache running (to see it serve stale entries). */
    public void stopReplicas() {
        replicas.forEach(Replica::close);
    }

    @Override
    public void close() {
        try {
            cache.close();
        } finally {
            replicas.forEach(Replica::close);
        }
    }

    private static int freePort(String host) throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, java.net.InetAddress.getByName(host))) {
            return socket.getLocalPort();
        }
    }
}
