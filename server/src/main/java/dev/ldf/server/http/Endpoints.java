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
import dev.ldf.server.preemption.QuantumSlots;
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

    public static void mount(ServletContextHandler context, ServerConfig config, Datasets datasets, Writers writers) {
        Site site = new Site(config, datasets, writers);
        Limits limits = config.limits();
        SlowReaders slowReaders = new SlowReaders(limits);
        DumpSlots dumpSlots = new DumpSlots(limits);
        DumpSlots baseSlots = new DumpSlots(limits);
        PatchBudget budget = new PatchBudget(Runtime.getRuntime().maxMemory());
        PatchWrites writes = new PatchWrites(budget, Math.max(config.maxRequestBodyBytes(), MIN_UPDATE_BYTES),
                limits.retryAfterSeconds());
        QuantumRunner quanta = new QuantumRunner(SparqlEndpoint.signer(config.tokens()),
                new QuantumSlots(limits.maxConcurrentQuanta(), limits.firstQuantumPlaces(), limits.maxQueuedQuanta(),
                        limits.queueTimeoutMillis(), longestQuantumMillis(config)),
                limits.firstQuantumMillis(), limits.contendedQuantumMillis(), limits.retryAfterSeconds());
        if (datasets.all().stream().anyMatch(HostedDataset::takesWrites)) {
            LOG.info("{}", budget.describe());
        }

        Mounts mounts = new Mounts();
        mounts.add("catalog", new CatalogEndpoint(site), "");
        mounts.add("not-found", new NotFoundEndpoint(site), "/");
        mounts.add("genid", new GenidEndpoint(site), GenidEndpoint.PATH + "*");
        for (HostedDataset dataset : datasets.all()) {
            String path = "/" + dataset.name();
            mounts.add(dataset.name(), new FragmentEndpoint(site, dataset), path);
            for (DumpEndpoint.File file : DumpEndpoint.File.values()) {
                mounts.add(dataset.name() + "/" + file.fileName(),
                        new DumpEndpoint(site, dataset, file, dumpSlots, slowReaders), path + "/" + file.fileName());
            }
            if (dataset.preemptable() != null) {
                mounts.add(dataset.name() + "/sparql", new SparqlEndpoint(site, dataset, quanta),
                        path + "/" + SparqlEndpoint.NAME);
            }
            if (dataset.live() != null) {
                mounts.add(dataset.name() + "/changes", new ChangesEndpoint(site, dataset, writes),
                        path + "/" + ChangesEndpoint.NAME);
                mounts.add(dataset.name() + "/compaction", new CompactionEndpoint(site, dataset),
                        path + "/" + CompactionEndpoint.NAME);
                mounts.add(dataset.name() + "/base", new BaseFileEndpoint(site, dataset, baseSlots, slowReaders),
                        path + "/" + BaseFileEndpoint.NAME);
            } else {
                mounts.add(dataset.name() + "/writes-off", new WritesOffEndpoint(site, dataset),
                        path + "/" + ChangesEndpoint.NAME, path + "/" + CompactionEndpoint.NAME,
                        path + "/" + BaseFileEndpoint.NAME);
            }
        }
        mounts.install(context);
    }

    /**
     * The endpoints, given to Jetty at once: adding servlets one by one rebuilds Jetty's tables
     * every time, minutes for a few hundred datasets.
     */
    private static final class Mounts {
        private final List<ServletHolder> holders = new ArrayList<>();
        private final List<ServletMapping> mappings = new ArrayList<>();

        void add(String name, Endpoint endpoint, String... paths) {
            ServletHolder holder = new ServletHolder(name, endpoint);
            // Long polls of the change feed wait without a thread.
            holder.setAsyncSupported(true);
            holders.add(holder);
            ServletMapping mapping = new ServletMapping();
            mapping.setServletName(name);
            mapping.setPathSpecs(paths);
            mappings.add(mapping);
        }

        void install(ServletContextHandler context) {
            ServletHandler handler = context.getServletHandler();
            List<ServletHolder> allHolders = new ArrayList<>(Arrays.asList(handler.getServlets()));
            allHolders.addAll(holders);
            List<ServletMapping> allMappings = new ArrayList<>();
            if (handler.getServletMappings() != null) {
                allMappings.addAll(Arrays.asList(handler.getServletMappings()));
            }
            allMappings.addAll(mappings);
            handler.setServlets(allHolders.toArray(ServletHolder[]::new));
            handler.setServletMappings(allMappings.toArray(ServletMapping[]::new));
        }
    }

    /** How long a resuming request may be passed over by starting ones: the longest quantum. */
    private static long longestQuantumMillis(ServerConfig config) {
        return config.datasets().stream().filter(d -> d.preemption().enabled())
                .mapToLong(d -> d.preemption().quantumMillis()).max().orElse(Preemption.DEFAULT_QUANTUM_MILLIS);
    }
}
