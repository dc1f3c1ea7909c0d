package dev.ldf.server.http;

import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
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

        add(context, "catalog", new CatalogEndpoint(site), "");
        add(context, "not-found", new NotFoundEndpoint(site), "/");
        add(context, "genid", new GenidEndpoint(site), GenidEndpoint.PATH + "*");
        for (HostedDataset dataset : datasets.all()) {
            String path = "/" + dataset.name();
            add(context, dataset.name(), new FragmentEndpoint(site, dataset), path);
            for (DumpEndpoint.File file : DumpEndpoint.File.values()) {
                add(context, dataset.name() + "/" + file.fileName(),
                        new DumpEndpoint(site, dataset, file, dumpSlots, slowReaders), path + "/" + file.fileName());
            }
            if (dataset.preemptable() != null) {
                add(context, dataset.name() + "/sparql", new SparqlEndpoint(site, dataset, quanta),
                        path + "/" + SparqlEndpoint.NAME);
            }
            if (dataset.live() != null) {
                add(context, dataset.name() + "/changes", new ChangesEndpoint(site, dataset, writes),
                        path + "/" + ChangesEndpoint.NAME);
                add(context, dataset.name() + "/compaction", new CompactionEndpoint(site, dataset),
                        path + "/" + CompactionEndpoint.NAME);
                add(context, dataset.name() + "/base", new BaseFileEndpoint(site, dataset, baseSlots, slowReaders),
                        path + "/" + BaseFileEndpoint.NAME);
            } else {
                add(context, dataset.name() + "/writes-off", new WritesOffEndpoint(site, dataset),
                        path + "/" + ChangesEndpoint.NAME, path + "/" + CompactionEndpoint.NAME,
                        path + "/" + BaseFileEndpoint.NAME);
            }
        }
    }

    private static void add(ServletContextHandler context, String name, Endpoint endpoint, String... paths) {
        ServletHolder holder = new ServletHolder(name, endpoint);
        // Long polls of the change feed wait without a thread.
        holder.setAsyncSupported(true);
        for (String path : paths) {
            context.addServlet(holder, path);
        }
    }

    /** How long a resuming request may be passed over by starting ones: the longest quantum. */
    private static long longestQuantumMillis(ServerConfig config) {
        return config.datasets().stream().filter(d -> d.preemption().enabled())
                .mapToLong(d -> d.preemption().quantumMillis()).max().orElse(Preemption.DEFAULT_QUANTUM_MILLIS);
    }
}
