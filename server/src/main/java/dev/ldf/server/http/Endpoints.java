package dev.ldf.server.http;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.ee10.servlet.ServletMapping;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.config.Limits;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.preemption.QuantumRunner;
import dev.ldf.server.preemption.QuantumPlaces;
import dev.ldf.server.rdf.Writers;

/**
 * Mounts one endpoint per interface and dataset at its path, with the servlet container's own
 * path mapping: {@code /} the index, {@code /{dataset}} its fragments, {@code /{dataset}/dump.nt}
 * and its siblings, {@code /{dataset}/sparql} where the preemptive endpoint is on,
 * {@code /{dataset}/changes}, {@code compaction} and {@code base}, {@code /.well-known/genid/*};
 * any other path is a 404.
 */
public final class Endpoints {

    private static final Logger LOG = LoggerFactory.getLogger(Endpoints.class);
    /** SPARQL Update requests are parsed in memory: at least this many bytes, or the body limit if larger. */
    private static final int MIN_UPDATE_BYTES = 16 << 20;

    private Endpoints() {}

    /** One endpoint, by the servlet name it is registered under, and the paths it answers. */
    public record Mount(String name, Endpoint endpoint, List<String> paths) {}

    /** Every endpoint the configured datasets have, with its paths. */
    public static List<Mount> all(ServerConfig config, Datasets datasets, Writers writers) {
        Site site = new Site(config, datasets, writers);
        Limits limits = config.limits();
        SlowReaders slowReaders = new SlowReaders(limits);
        DumpPlaces dumpPlaces = new DumpPlaces(limits);
        DumpPlaces basePlaces = new DumpPlaces(limits);
        PatchBudget budget = new PatchBudget(Runtime.getRuntime().maxMemory());
        PatchWrites writes = new PatchWrites(budget, Math.max(config.maxRequestBodyBytes(), MIN_UPDATE_BYTES),
                limits.retryAfterSeconds());
        QuantumRunner quanta = new QuantumRunner(SparqlEndpoint.signer(config.tokens()),
                new QuantumPlaces(limits.maxConcurrentQuanta(), limits.firstQuantumPlaces(), limits.maxQueuedQuanta(),
                        limits.queueTimeoutMillis(), longestQuantumMillis(config)),
                limits.firstQuantumMillis(), limits.contendedQuantumMillis(), limits.retryAfterSeconds());
        if (datasets.all().stream().anyMatch(HostedDataset::takesWrites)) {
            LOG.info("{}", budget.describe());
        }

        List<Mount> mounts = new ArrayList<>();
        add(mounts, "catalog", new CatalogEndpoint(site), "");
        add(mounts, "not-found", new NotFoundEndpoint(site), "/");
        add(mounts, "genid", new GenidEndpoint(site), GenidEndpoint.PATH + "*");
        for (HostedDataset dataset : datasets.all()) {
            String path = "/" + dataset.name();
            add(mounts, dataset.name(), new FragmentEndpoint(site, dataset), path);
            for (DumpEndpoint.File file : DumpEndpoint.File.values()) {
                add(mounts, dataset.name() + "/" + file.fileName(),
                        new DumpEndpoint(site, dataset, file, dumpPlaces, slowReaders), path + "/" + file.fileName());
            }
            if (dataset.preemptable() != null) {
                add(mounts, dataset.name() + "/sparql", new SparqlEndpoint(site, dataset, quanta),
                        path + "/" + SparqlEndpoint.NAME);
            }
            if (dataset.live() != null) {
                add(mounts, dataset.name() + "/changes", new ChangesEndpoint(site, dataset, writes),
                        path + "/" + ChangesEndpoint.NAME);
                add(mounts, dataset.name() + "/compaction", new CompactionEndpoint(site, dataset),
                        path + "/" + CompactionEndpoint.NAME);
                add(mounts, dataset.name() + "/base", new BaseFileEndpoint(site, dataset, basePlaces, slowReaders),
                        path + "/" + BaseFileEndpoint.NAME);
            } else {
                add(mounts, dataset.name() + "/writes-off", new WritesOffEndpoint(site, dataset),
                        path + "/" + ChangesEndpoint.NAME, path + "/" + CompactionEndpoint.NAME,
                        path + "/" + BaseFileEndpoint.NAME);
            }
        }
        return mounts;
    }

    private static void add(List<Mount> mounts, String name, Endpoint endpoint, String... paths) {
        mounts.add(new Mount(name, endpoint, List.of(paths)));
    }

    /**
     * Gives the endpoints to Jetty at once: adding servlets one by one rebuilds Jetty's tables
     * every time, minutes for a few hundred datasets.
     */
    public static void mount(ServletContextHandler context, List<Mount> mounts) {
        ServletHandler handler = context.getServletHandler();
        List<ServletHolder> holders = new ArrayList<>(Arrays.asList(handler.getServlets()));
        List<ServletMapping> mappings = new ArrayList<>();
        if (handler.getServletMappings() != null) {
            mappings.addAll(Arrays.asList(handler.getServletMappings()));
        }
        for (Mount mount : mounts) {
            ServletHolder holder = new ServletHolder(mount.name(), mount.endpoint());
            // Long polls of the change feed wait without a thread.
            holder.setAsyncSupported(true);
            holders.add(holder);
            ServletMapping mapping = new ServletMapping();
            mapping.setServletName(mount.name());
            mapping.setPathSpecs(mount.paths().toArray(String[]::new));
            mappings.add(mapping);
        }
        handler.setServlets(holders.toArray(ServletHolder[]::new));
        handler.setServletMappings(mappings.toArray(ServletMapping[]::new));
    }

    /**
     * Whether a request is a long poll of a change feed ({@code GET …/changes?since=…&wait=…}):
     * it waits without a thread and without work, so the load limit gives it no place.
     */
    public static boolean longPoll(String method, String query, String path) {
        return "GET".equals(method) && query != null && query.contains("wait=")
                && path.endsWith("/" + ChangesEndpoint.NAME);
    }

    /** How long a resuming request may be passed over by starting ones: the longest quantum. */
    private static long longestQuantumMillis(ServerConfig config) {
        return config.datasets().stream().filter(d -> d.preemption().enabled())
                .mapToLong(d -> d.preemption().quantumMillis()).max().orElse(Preemption.DEFAULT_QUANTUM_MILLIS);
    }
}
