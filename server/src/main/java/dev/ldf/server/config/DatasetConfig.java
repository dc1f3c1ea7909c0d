package dev.ldf.server.config;

import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import com.fasterxml.jackson.annotation.JsonProperty;

/**
 * One dataset: served at {@code /name} from an HDT file.
 *
 * @param name           the URL path segment
 * @param title          a human-readable title (defaults to the name)
 * @param description    a sentence about the data (optional)
 * @param hdt            the HDT file; relative paths are resolved against the config file
 * @param pageSize       triples per page
 * @param loading        {@code auto} (default: loaded while the datasets fit in half the heap,
 *                       mapped after that), {@code load} (the whole file on the heap; terms decode
 *                       several times faster) or {@code map} (the OS pages the file in; suits files
 *                       larger than the heap)
 * @param prefixes       prefixes for Turtle, TriG and HTML output (optional)
 * @param countScanLimit how many candidate triples the server scans at most to count a pattern
 *                       that HDT cannot count exactly
 * @param maxBindingsPerRequest the most distinct solution mappings one brTPF request may carry
 *                       (the brTPF paper's maxMpR); 0 serves plain TPF only
 * @param preemption     the preemptive SPARQL endpoint (on by default)
 * @param writes         changes by RDF Patch or SPARQL Update (off by default)
 */
public record DatasetConfig(
        String name,
        String title,
        String description,
        String hdt,
        Integer pageSize,
        Loading loading,
        Map<String, String> prefixes,
        Long countScanLimit,
        Integer maxBindingsPerRequest,
        Preemption preemption,
        Writes writes) {

    public static final int DEFAULT_PAGE_SIZE = 100;
    public static final int MAX_PAGE_SIZE = 10_000;
    public static final long DEFAULT_COUNT_SCAN_LIMIT = 100_000;
    /** Comunica sends blocks of 64 bindings; 100 accepts them with room to spare. */
    public static final int DEFAULT_MAX_BINDINGS_PER_REQUEST = 100;
    private static final Pattern NAME = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,63}");

    /** How the HDT file is opened. */
    public enum Loading {
        @JsonProperty("auto") AUTO,
        @JsonProperty("map") MAP,
        @JsonProperty("load") LOAD
    }

    public DatasetConfig {
        title = title == null || title.isBlank() ? name : title;
        description = description == null ? "" : description;
        pageSize = pageSize == null ? DEFAULT_PAGE_SIZE : pageSize;
        loading = loading == null ? Loading.AUTO : loading;
        prefixes = prefixes == null ? Map.of() : new LinkedHashMap<>(prefixes);
        countScanLimit = countScanLimit == null ? DEFAULT_COUNT_SCAN_LIMIT : countScanLimit;
        maxBindingsPerRequest = maxBindingsPerRequest == null ? DEFAULT_MAX_BINDINGS_PER_REQUEST : maxBindingsPerRequest;
        preemption = preemption == null ? Preemption.defaults() : preemption;
        writes = writes == null ? Writes.off() : writes;
    }

    /** A dataset with every optional setting at its default. */
    public static DatasetConfig of(String name, Path hdt) {
        return builder(name, hdt).build();
    }

    /** A builder of the dataset {@code name} served from {@code hdt}; what is not set (or set to null) keeps its default. */
    public static Builder builder(String name, Path hdt) {
        return new Builder(name, hdt.toString());
    }

    /** As {@link #builder(String, Path)}, the HDT file's path as the configuration file writes it. */
    public static Builder builder(String name, String hdt) {
        return new Builder(name, hdt);
    }

    /** A builder that starts from this dataset. */
    public Builder toBuilder() {
        Builder b = new Builder(name, hdt);
        b.title = title;
        b.description = description;
        b.pageSize = pageSize;
        b.loading = loading;
        b.prefixes = prefixes;
        b.countScanLimit = countScanLimit;
        b.maxBindingsPerRequest = maxBindingsPerRequest;
        b.preemption = preemption;
        b.writes = writes;
        return b;
    }

    /** Builds a dataset's configuration in code; {@link #build()} checks it. */
    public static final class Builder {
        private final String name;
        private final String hdt;
        private String title;
        private String description;
        private Integer pageSize;
        private Loading loading;
        private Map<String, String> prefixes;
        private Long countScanLimit;
        private Integer maxBindingsPerRequest;
        private Preemption preemption;
        private Writes writes;

        private Builder(String name, String hdt) {
            this.name = name;
            this.hdt = hdt;
        }

        public Builder title(String title) {
            this.title = title;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        public Builder pageSize(Integer triples) {
            this.pageSize = triples;
            return this;
        }

        public Builder loading(Loading loading) {
            this.loading = loading;
            return this;
        }

        public Builder prefixes(Map<String, String> prefixes) {
            this.prefixes = prefixes;
            return this;
        }

        public Builder countScanLimit(Long triples) {
            this.countScanLimit = triples;
            return this;
        }

        /** The most solution mappings per brTPF request (maxMpR); 0 serves plain TPF only. */
        public Builder maxBindingsPerRequest(Integer mappings) {
            this.maxBindingsPerRequest = mappings;
            return this;
        }

        public Builder preemption(Preemption preemption) {
            this.preemption = preemption;
            return this;
        }

        public Builder writes(Writes writes) {
            this.writes = writes;
            return this;
        }

        /**
         * The dataset's configuration, checked.
         *
         * @throws ConfigException for the first setting that is wrong
         */
        public DatasetConfig build() {
            DatasetConfig dataset = new DatasetConfig(name, title, description, hdt, pageSize, loading, prefixes,
                    countScanLimit, maxBindingsPerRequest, preemption, writes);
            dataset.validate();
            return dataset;
        }
    }

    /**
     * This dataset as a follower of {@code primaryUrl} serves it: from its own copy of the HDT
     * file ({@code hdt}) with its own log beside it.
     */
    public DatasetConfig asFollower(Path hdt, String primaryUrl) {
        return new DatasetConfig(name, title, description, hdt.toString(), pageSize, loading, prefixes, countScanLimit,
                maxBindingsPerRequest, preemption, new Writes(false, null, null, writes.compactAfter(), primaryUrl));
    }

    public Path hdtPath() {
        return Path.of(hdt);
    }

    /** The write-ahead log of the dataset's changes. */
    public Path logPath() {
        return writes.logPath(hdtPath());
    }

    /** The same dataset with its HDT path resolved against {@code dir}. */
    DatasetConfig resolvedAgainst(Path dir) {
        if (hdt == null || hdt.isBlank()) {
            return this; // reported by validate()
        }
        return new DatasetConfig(name, title, description, dir.resolve(hdt).normalize().toString(),
                pageSize, loading, prefixes, countScanLimit, maxBindingsPerRequest, preemption, writes.resolvedAgainst(dir));
    }
    void validate() {
        if (name == null || !NAME.matcher(name).matches()) {
            throw new ConfigException("Dataset name '" + name + "' must be 1-64 letters, digits, '.', '_' or '-'"
                    + " and start with a letter or digit");
        }
        if (hdt == null || hdt.isBlank()) {
            throw new ConfigException("Dataset '" + name + "' has no \"hdt\" file");
        }
        if (pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
            throw new ConfigException("Dataset '" + name + "': pageSize must be between 1 and " + MAX_PAGE_SIZE);
        }
        if (maxBindingsPerRequest < 0) {
            throw new ConfigException("Dataset '" + name + "': maxBindingsPerRequest must be 0 (TPF only) or more");
        }
        if (countScanLimit < 0) {
            throw new ConfigException("Dataset '" + name + "': countScanLimit must not be negative");
        }
        preemption.validate(name);
        writes.validate(name);
        prefixes.forEach((prefix, iri) -> {
            if (!prefix.matches("[A-Za-z][A-Za-z0-9_-]*|") || iri == null || !iri.matches("[A-Za-z][A-Za-z0-9+.-]*:\\S*")) {
                throw new ConfigException("Dataset '" + name + "': prefix '" + prefix + "' -> '" + iri
                        + "' is not a prefix name and absolute IRI");
            }
        });
    }
}
