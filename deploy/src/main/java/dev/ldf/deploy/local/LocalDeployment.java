package dev.ldf.deploy.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;

import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
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
                throw new IllegalArgumentException("at least one replica is needed, not " + replicas);
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
        if (options.port() != 0) {
            NginxCache.requireFreePort(options.host(), options.port()); // before minutes of replica start-up
        }
        Path root = Files.createDirectories(dir.toAbsolutePath());
        ServerConfig replicaConfig = ServerConfig.builder()
                .title(config.title()).description(config.description()).listener("127.0.0.1", 0)
                .cacheMaxAgeSeconds(config.cacheMaxAgeSeconds()).maxRequestHeaderBytes(config.maxRequestHeaderBytes())
                .maxRequestBodyBytes(Math.toIntExact(Sizes.parse(options.maxBody()))).datasets(config.datasets())
                .build();
        Path replicaFile = root.resolve("replica.json");
        ConfigFile.write(replicaConfig, replicaFile);
        List<Replica> replicas = new ArrayList<>();
        try {
            for (int i = 1; i <= options.replicas(); i++) {
                Path file = i == 1 ? replicaFile : followerConfig(replicaConfig, replicas.get(0).uri(), root, i);
                replicas.add(Replica.start(file, root.resolve("replica-" + i + ".log"), options.jvmArgs()));
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

    /**
     * The configuration of replica {@code i} when datasets take writes: the first replica is their
     * primary, and the others follow it, each from its own copy of the HDT file (a compaction
     * replaces a replica's file, so replicas cannot share one). Without writes, the same file.
     */
    private static Path followerConfig(ServerConfig config, URI primary, Path root, int i) throws IOException {
        if (config.datasets().stream().noneMatch(d -> d.writes().enabled())) {
            return root.resolve("replica.json");
        }
        Path dir = Files.createDirectories(root.resolve("replica-" + i));
        List<DatasetConfig> datasets = new ArrayList<>();
        for (DatasetConfig d : config.datasets()) {
            if (!d.writes().enabled()) {
                datasets.add(d);
                continue;
            }
            Path copy = dir.resolve(d.hdtPath().getFileName());
            Files.copy(d.hdtPath(), copy, StandardCopyOption.REPLACE_EXISTING);
            Path index = HdtFiles.indexFile(d.hdtPath());
            if (Files.exists(index)) {
                Files.copy(index, HdtFiles.indexFile(copy), StandardCopyOption.REPLACE_EXISTING);
            }
            datasets.add(d.asFollower(copy, primary + d.name()));
        }
        Path file = root.resolve("replica-" + i + ".json");
        ConfigFile.write(config.toBuilder().datasets(datasets).build(), file);
        return file;
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
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(host))) {
            return socket.getLocalPort();
        }
    }
}
