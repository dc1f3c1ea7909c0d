package dev.ldf.experiments.run;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

import dev.ldf.deploy.local.LocalDeployment;
import dev.ldf.deploy.local.NginxCache;
import dev.ldf.deploy.local.Replica;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Limits;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.ServerConfig;

/**
 * The fragment server an experiment measures, in a JVM of its own on loopback: one dataset per
 * page size (all on the same HDT file, named {@code watdiv-p<size>}), brTPF up to {@code maxMpR}
 * mappings, optionally behind the nginx cache of the deployment. Datasets with the preemptive
 * endpoint, one per quantum ({@code watdiv-q<millis>}, 100 triples per page), where asked for;
 * the others leave it off, so that their pages stay as the paper's experiments measured them.
 */
public final class ExperimentServer implements AutoCloseable {

    /**
     * Server-side settings of an experiment; {@code port} 0 takes any free port. Responses hold
     * absolute URLs, so their gzipped size depends on the port's digits: a run whose bytes must
     * reproduce exactly uses a fixed port. {@code limits} null: the server's defaults.
     */
    public record Settings(Path hdt, Collection<Integer> pageSizes, int maxMpR, DatasetConfig.Loading loading,
            List<String> jvmArgs, int port, Collection<Integer> quanta, int maxResults, Limits limits) {

        public Settings(Path hdt, Collection<Integer> pageSizes, int maxMpR, DatasetConfig.Loading loading,
                List<String> jvmArgs, int port) {
            this(hdt, pageSizes, maxMpR, loading, jvmArgs, port, List.of(), 0, null);
        }

        /** These settings with preemptive datasets for {@code quanta} answering at most {@code maxResults} per quantum. */
        public Settings withPreemption(Collection<Integer> quanta, int maxResults) {
            return new Settings(hdt, pageSizes, maxMpR, loading, jvmArgs, port, List.copyOf(quanta), maxResults, limits);
        }

        /** These settings with the server's {@code limits}. */
        public Settings withLimits(Limits newLimits) {
            return new Settings(hdt, pageSizes, maxMpR, loading, jvmArgs, port, quanta, maxResults, newLimits);
        }
    }

    private final Replica replica;
    private final LocalDeployment deployment;
    private final URI base;

    private ExperimentServer(Replica replica, LocalDeployment deployment, URI base) {
        this.replica = replica;
        this.deployment = deployment;
        this.base = base;
    }

    /** Starts the server alone, or with {@code cached} behind nginx; logs and cache files go to {@code dir}. */
    public static ExperimentServer start(Settings settings, boolean cached, Path dir) throws IOException {
        Files.createDirectories(dir);
        List<DatasetConfig> datasets = new ArrayList<>();
        Path hdt = settings.hdt().toAbsolutePath();
        settings.pageSizes().stream().distinct().sorted()
                .map(size -> DatasetConfig.builder(name(size), hdt).title("WatDiv, " + size + " triples per page")
                        .pageSize(size).loading(settings.loading()).maxBindingsPerRequest(settings.maxMpR())
                        // The paper's interfaces only: pages as the committed results were measured on.
                        .preemption(new Preemption(false, null, null)).build())
                .forEach(datasets::add);
        settings.quanta().stream().distinct().sorted()
                .map(q -> DatasetConfig.builder(preemptiveName(q), hdt)
                        .title("WatDiv, preemptive endpoint with " + q + " ms quanta").pageSize(100)
                        .loading(settings.loading()).maxBindingsPerRequest(settings.maxMpR())
                        .preemption(new Preemption(true, q, settings.maxResults())).build())
                .forEach(datasets::add);
        // Long brTPF URLs (50 mappings) and bodies (1000 mappings) must fit.
        ServerConfig config = ServerConfig.builder().title("WatDiv experiment").listener("127.0.0.1", 0)
                .maxRequestHeaderBytes(32 * 1024).maxRequestBodyBytes(4 * 1024 * 1024).datasets(datasets)
                .limits(settings.limits()).build();
        if (cached) {
            LocalDeployment.Options options = new LocalDeployment.Options(1, "127.0.0.1", 0, "4m", "2g",
                    settings.jvmArgs());
            LocalDeployment deployment = LocalDeployment.start(config, options, dir);
            return new ExperimentServer(deployment.replicas().get(0), deployment, deployment.uri());
        }
        Path file = dir.resolve("server.json");
        ConfigFile.write(config, file);
        Replica replica = Replica.start(file, dir.resolve("server.log"), settings.jvmArgs(), settings.port());
        return new ExperimentServer(replica, null, replica.uri());
    }

    private static String name(int pageSize) {
        return "watdiv-p" + pageSize;
    }

    private static String preemptiveName(int quantumMillis) {
        return "watdiv-q" + quantumMillis;
    }

    /** The URL of the dataset that {@code c} runs against. */
    public String datasetUrl(Configuration c) {
        return c.isPreemptive() ? url(preemptiveName(c.quantumMillis())) : datasetUrl(c.pageSize());
    }

    /** The URL of the dataset with {@code pageSize} triples per page. */
    public String datasetUrl(int pageSize) {
        return url(name(pageSize));
    }

    private String url(String dataset) {
        String root = base.toString().endsWith("/") ? base.toString() : base + "/";
        return root + dataset;
    }

    /** The server's process (the JVM; nginx's are in {@link #cache()}). */
    public ProcessHandle process() {
        return ProcessHandle.of(replica.pid()).orElseThrow(() -> new IllegalStateException("The server has exited"));
    }

    /** CPU time the server process has used so far. */
    public Duration cpuTime() {
        return replica.cpuTime();
    }

    /** The nginx cache, when there is one. */
    public Optional<NginxCache> cache() {
        return deployment == null ? Optional.empty() : Optional.of(deployment.cache());
    }

    @Override
    public void close() {
        if (deployment != null) {
            deployment.close();
        } else {
            replica.close();
        }
    }
}
