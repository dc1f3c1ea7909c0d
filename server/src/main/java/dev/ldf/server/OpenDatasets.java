package dev.ldf.server;

import java.io.IOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.sys.JenaSystem;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.http.Datasets;
import dev.ldf.server.live.Follower;
import dev.ldf.server.live.LiveDataset;
import dev.ldf.server.preemption.PreemptableDataset;
import dev.ldf.server.preemption.QuantumRunner;

/**
 * The configured datasets, opened: each HDT file (loaded or mapped as {@link LoadingPlan} decides),
 * the live overlay where a dataset takes changes, and later the followers of other servers. What
 * any container serving them needs, the embedded Jetty and a servlet container alike.
 */
public final class OpenDatasets implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(OpenDatasets.class);

    private final ServerConfig config;
    private final Map<String, Datasource> sources;
    private final Map<String, LiveDataset> live;
    private final List<Follower> followers = new ArrayList<>();

    private OpenDatasets(ServerConfig config, Map<String, Datasource> sources, Map<String, LiveDataset> live) {
        this.config = config;
        this.sources = sources;
        this.live = live;
    }

    /**
     * Opens every dataset of {@code config}; if one fails, those already open are closed.
     *
     * @throws dev.ldf.server.hdt.HdtFileException when an HDT file cannot be opened
     * @throws IOException                         when a live dataset's log cannot be read
     */
    public static OpenDatasets open(ServerConfig config) throws IOException {
        // Jena initialises its subsystems lazily from whichever class is touched first; done from
        // several request threads at once, that deadlocks. Do it here, on one thread.
        JenaSystem.init();
        Map<String, Datasource> sources = new LinkedHashMap<>();
        Map<String, LiveDataset> live = new LinkedHashMap<>();
        try {
            // Every file first: the memory plan below would describe a file that is not there.
            config.datasets().forEach(d -> HdtDatasource.check(d.hdtPath()));
            Map<String, Boolean> load = LoadingPlan.decide(config.datasets(), Runtime.getRuntime().maxMemory());
            LOG.info(MemoryLine.describe(config.datasets(), load, Runtime.getRuntime().maxMemory()));
            for (DatasetConfig d : config.datasets()) {
                HdtDatasource.Options options = HdtDatasource.Options.defaults();
                HdtDatasource hdt = HdtDatasource.open(d.hdtPath(), new HdtDatasource.Options(
                        load.get(d.name()), d.countScanLimit(),
                        options.cursorCachePatterns(), options.cursorIdleTime()));
                sources.put(d.name(), hdt);
                // A log from earlier writes is replayed even when writes are off now: its changes were acknowledged.
                if (d.writes().live() || Files.exists(d.logPath())) {
                    LiveDataset changing = LiveDataset.open(d.name(), hdt, d.logPath(), d.writes().compactAfter());
                    live.put(d.name(), changing);
                    sources.put(d.name(), changing.source());
                }
            }
            return new OpenDatasets(config, sources, live);
        } catch (IOException | RuntimeException | Error e) {
            sources.values().forEach(Datasource::close);
            live.values().forEach(LiveDataset::close);
            throw e;
        }
    }

    /**
     * The datasets as the endpoints see them: each with its writer where it is live, and what its
     * preemptive endpoint runs over where that is on (the overlay where it takes changes, the file
     * otherwise).
     */
    public Datasets hosted() {
        Datasets datasets = new Datasets(config);
        for (DatasetConfig d : config.datasets()) {
            Datasource source = sources.get(d.name());
            PreemptableDataset preemptable = !d.preemption().enabled() ? null
                    : source instanceof PreemptableDataset changing ? changing
                    : source instanceof HdtDatasource file
                            ? PreemptableDataset.fixed(QuantumRunner.baseNumber(file.version()), file.scans())
                    : null;
            datasets.host(d, source, live.get(d.name()), preemptable);
        }
        return datasets;
    }

    /** Starts following the servers that the configuration names as the primaries of live datasets. */
    public void startFollowing() {
        for (DatasetConfig d : config.datasets()) {
            if (d.writes().follows()) {
                followers.add(Follower.start(d.name(), d.writes().follow(), live.get(d.name())));
            }
        }
    }

    public Map<String, Datasource> sources() {
        return sources;
    }

    /** The datasets that take changes, by name. */
    public Map<String, LiveDataset> live() {
        return live;
    }

    /** Ends the change feed's long polls at once, so that they do not hold a graceful stop. */
    public void stopWaiting() {
        live.values().forEach(LiveDataset::stopWaiting);
    }

    @Override
    public void close() {
        followers.forEach(Follower::close);
        live.values().forEach(LiveDataset::close);
        sources.values().forEach(Datasource::close);
    }
}
