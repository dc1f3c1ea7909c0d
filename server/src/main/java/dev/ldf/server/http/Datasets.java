package dev.ldf.server.http;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.fragment.ServedDataset;
import dev.ldf.server.live.LiveDataset;
import dev.ldf.server.preemption.PreemptableDataset;

/**
 * The datasets the server hosts, in the configuration's order: built once at start by whoever
 * opened their storage, then read by every endpoint.
 */
public final class Datasets {

    private final ServerConfig config;
    private final Map<String, HostedDataset> byName = new LinkedHashMap<>();
    private final StringBuilder catalog;
    /** What every page shares besides its dataset: the server's title and the datasets' names and titles. */
    private String pages;

    public Datasets(ServerConfig config) {
        this.config = config;
        this.catalog = new StringBuilder(config.title() + "|" + config.description() + "|" + config.baseUrl());
        this.pages = config.title();
    }

    /**
     * Hosts the dataset of {@code dataset} over {@code source}; {@code live} (or null) is its
     * writer, {@code preemptable} (or null) what its preemptive endpoint runs over.
     */
    public Datasets host(DatasetConfig dataset, Datasource source, LiveDataset live, PreemptableDataset preemptable) {
        String settings = dataset.title() + "|" + dataset.description() + "|" + dataset.pageSize() + "|"
                + dataset.prefixes() + "|" + dataset.maxBindingsPerRequest() + "|" + config.maxRequestBodyBytes()
                + "|" + config.baseUrl() + "|" + (preemptable != null);
        ServedDataset served = new ServedDataset(dataset.name(), dataset.title(), dataset.description(),
                dataset.prefixes(), dataset.pageSize(), dataset.maxBindingsPerRequest(), config.maxRequestBodyBytes(),
                source, preemptable != null);
        byName.put(dataset.name(), new HostedDataset(dataset, served, live, preemptable, settings));
        catalog.append('|').append(dataset.name()).append('|').append(settings);
        // Kept whole, as every fragment's entity tag reads it.
        pages = pages + '|' + dataset.name() + '|' + dataset.title();
        return this;
    }

    /** The dataset named {@code name}, or null. */
    HostedDataset get(String name) {
        return byName.get(name);
    }

    Collection<HostedDataset> all() {
        return Collections.unmodifiableCollection(byName.values());
    }

    /**
     * What a fragment's entity tag depends on besides its dataset: its page names the server and
     * links every dataset (hosted at start, before any request).
     */
    String pagesFingerprint() {
        return pages;
    }

    /** What the index's entity tag depends on: every dataset's settings and data version. */
    String catalogFingerprint() {
        StringBuilder fingerprint = new StringBuilder(catalog);
        byName.values().forEach(d -> fingerprint.append('|').append(d.served().source().version()));
        return fingerprint.toString();
    }
}
