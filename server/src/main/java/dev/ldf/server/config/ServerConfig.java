package dev.ldf.server.config;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The server's configuration, read from a JSON file with {@link #read(Path)} or built in code.
 *
 * @param title                 the server's title on the index page
 * @param description           a sentence about the server (optional)
 * @param host                  the interface to listen on; loopback unless set otherwise
 * @param port                  the port; 0 picks a free one
 * @param baseUrl               the public URL of the server (e.g. {@code https://data.example.org/ldf}) when
 *                              it differs from what requests say; without it, links follow the request's
 *                              Host and {@code X-Forwarded-*} headers
 * @param cacheMaxAgeSeconds    {@code Cache-Control: max-age} of successful responses
 * @param maxRequestHeaderBytes the longest request line plus headers; longer URLs get 414
 * @param maxRequestBodyBytes   the largest POST body (brTPF bindings); larger ones get 413. A cache in
 *                              front must hold bodies of this size in memory to key on them
 * @param datasets              the datasets, at least one
 * @param limits                concurrency and timeouts (optional)
 * @param http2                 also HTTP/2 over cleartext (h2c) on the same port; off by default because
 *                              Java's HttpClient, which asks every plain-HTTP server to upgrade, loses about
 *                              one first request in a hundred in that upgrade with Jetty (JDK 17)
 * @param tokens                the keys that sign continuation tokens of the preemptive endpoints (optional)
 */
public record ServerConfig(
        String title,
        String description,
        String host,
        Integer port,
        String baseUrl,
        Integer cacheMaxAgeSeconds,
        Integer maxRequestHeaderBytes,
        Integer maxRequestBodyBytes,
        List<DatasetConfig> datasets,
        Limits limits,
        Boolean http2,
        Tokens tokens) {

    public static final String DEFAULT_HOST = "127.0.0.1";
    public static final int DEFAULT_PORT = 8080;

    public ServerConfig {
        title = title == null || title.isBlank() ? "Linked Data Fragments server" : title;
        description = description == null ? "" : description;
        host = host == null || host.isBlank() ? DEFAULT_HOST : host;
        port = port == null ? DEFAULT_PORT : port;
        baseUrl = baseUrl == null || baseUrl.isBlank() ? null : stripTrailingSlash(baseUrl);
        cacheMaxAgeSeconds = cacheMaxAgeSeconds == null ? 3600 : cacheMaxAgeSeconds;
        maxRequestHeaderBytes = maxRequestHeaderBytes == null ? 16 * 1024 : maxRequestHeaderBytes;
        maxRequestBodyBytes = maxRequestBodyBytes == null ? 1024 * 1024 : maxRequestBodyBytes;
        datasets = datasets == null ? List.of() : List.copyOf(datasets);
        limits = limits == null ? Limits.defaults() : limits;
        http2 = http2 != null && http2;
        tokens = tokens == null ? Tokens.defaults() : tokens;
    }

    /** A builder of a configuration in code, every setting at its default until set; {@link Builder#build()} checks it. */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder that starts from this configuration. */
    public Builder toBuilder() {
        Builder b = new Builder();
        b.title = title;
        b.description = description;
        b.host = host;
        b.port = port;
        b.baseUrl = baseUrl;
        b.cacheMaxAgeSeconds = cacheMaxAgeSeconds;
        b.maxRequestHeaderBytes = maxRequestHeaderBytes;
        b.maxRequestBodyBytes = maxRequestBodyBytes;
        b.datasets.addAll(datasets);
        b.limits = limits;
        b.http2 = http2;
        b.tokens = tokens;
        return b;
    }

    /** A server on the default host and port for the given datasets, checked. */
    public static ServerConfig of(List<DatasetConfig> datasets) {
        return builder().datasets(datasets).build();
    }

    /**
     * Builds a configuration in code, as a JSON file would give it: what is not set (or set to
     * null) keeps its default. {@link #build()} checks every setting and fails on the first wrong one, so that a
     * configuration that exists is a valid one.
     */
    public static final class Builder {
        private String title;
        private String description;
        private String host;
        private Integer port;
        private String baseUrl;
        private Integer cacheMaxAgeSeconds;
        private Integer maxRequestHeaderBytes;
        private Integer maxRequestBodyBytes;
        private final List<DatasetConfig> datasets = new ArrayList<>();
        private Limits limits;
        private Boolean http2;
        private Tokens tokens;

        private Builder() {}

        public Builder title(String title) {
            this.title = title;
            return this;
        }

        public Builder description(String description) {
            this.description = description;
            return this;
        }

        /** Where to listen: an interface and a port (0 picks a free one). */
        public Builder listener(String host, int port) {
            this.host = host;
            this.port = port;
            return this;
        }

        public Builder baseUrl(String baseUrl) {
            this.baseUrl = baseUrl;
            return this;
        }

        public Builder cacheMaxAgeSeconds(Integer seconds) {
            this.cacheMaxAgeSeconds = seconds;
            return this;
        }

        public Builder maxRequestHeaderBytes(Integer bytes) {
            this.maxRequestHeaderBytes = bytes;
            return this;
        }

        public Builder maxRequestBodyBytes(Integer bytes) {
            this.maxRequestBodyBytes = bytes;
            return this;
        }

        /** Adds a dataset. */
        public Builder dataset(DatasetConfig dataset) {
            datasets.add(dataset);
            return this;
        }

        /** Replaces the datasets. */
        public Builder datasets(List<DatasetConfig> list) {
            datasets.clear();
            datasets.addAll(list);
            return this;
        }

        public Builder limits(Limits limits) {
            this.limits = limits;
            return this;
        }

        public Builder http2(Boolean on) {
            this.http2 = on;
            return this;
        }

        public Builder tokens(Tokens tokens) {
            this.tokens = tokens;
            return this;
        }

        /**
         * The configuration, checked.
         *
         * @throws ConfigException for the first setting that is wrong
         */
        public ServerConfig build() {
            return new ServerConfig(title, description, host, port, baseUrl, cacheMaxAgeSeconds, maxRequestHeaderBytes,
                    maxRequestBodyBytes, datasets, limits, http2, tokens).validated();
        }
    }

    /**
     * This configuration after checking every setting.
     *
     * @throws ConfigException for the first setting that is wrong
     */
    public ServerConfig validated() {
        if (port < 0 || port > 65_535) {
            throw new ConfigException("port must be between 0 and 65535, not " + port);
        }
        if (cacheMaxAgeSeconds < 0) {
            throw new ConfigException("cacheMaxAgeSeconds must not be negative");
        }
        if (maxRequestHeaderBytes < 1024) {
            throw new ConfigException("maxRequestHeaderBytes must be at least 1024");
        }
        if (maxRequestBodyBytes < 1024) {
            throw new ConfigException("maxRequestBodyBytes must be at least 1024");
        }
        if (baseUrl != null) {
            checkBaseUrl(baseUrl);
        }
        limits.validate();
        tokens.validate();
        if (datasets.isEmpty()) {
            throw new ConfigException("No datasets configured");
        }
        Set<String> names = new HashSet<>();
        for (DatasetConfig d : datasets) {
            if (d == null) {
                throw new ConfigException("A dataset entry is null");
            }
            d.validate();
            if (!names.add(d.name())) {
                throw new ConfigException("Dataset name '" + d.name() + "' is used twice");
            }
        }
        return this;
    }

    private static void checkBaseUrl(String url) {
        try {
            URI uri = new URI(url);
            if (!("http".equals(uri.getScheme()) || "https".equals(uri.getScheme())) || uri.getHost() == null
                    || uri.getRawQuery() != null || uri.getRawFragment() != null) {
                throw new ConfigException("baseUrl must be an http(s) URL without query or fragment: " + url);
            }
        } catch (URISyntaxException e) {
            throw new ConfigException("baseUrl is not a URL: " + url, e);
        }
    }

    private static String stripTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
