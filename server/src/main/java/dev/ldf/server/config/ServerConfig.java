package dev.ldf.server.config;

import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.ldf.cli.Suggestions;

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

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

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

    /** A configuration with random token keys. */
    public ServerConfig(String title, String description, String host, Integer port, String baseUrl,
            Integer cacheMaxAgeSeconds, Integer maxRequestHeaderBytes, Integer maxRequestBodyBytes,
            List<DatasetConfig> datasets, Limits limits, Boolean http2) {
        this(title, description, host, port, baseUrl, cacheMaxAgeSeconds, maxRequestHeaderBytes, maxRequestBodyBytes,
                datasets, limits, http2, null);
    }

    /** A configuration without h2c. */
    public ServerConfig(String title, String description, String host, Integer port, String baseUrl,
            Integer cacheMaxAgeSeconds, Integer maxRequestHeaderBytes, Integer maxRequestBodyBytes,
            List<DatasetConfig> datasets, Limits limits) {
        this(title, description, host, port, baseUrl, cacheMaxAgeSeconds, maxRequestHeaderBytes, maxRequestBodyBytes,
                datasets, limits, null, null);
    }

    /** A configuration with the default limits. */
    public ServerConfig(String title, String description, String host, Integer port, String baseUrl,
            Integer cacheMaxAgeSeconds, Integer maxRequestHeaderBytes, Integer maxRequestBodyBytes,
            List<DatasetConfig> datasets) {
        this(title, description, host, port, baseUrl, cacheMaxAgeSeconds, maxRequestHeaderBytes, maxRequestBodyBytes,
                datasets, null);
    }

    /** A server on the default host and port for the given datasets. */
    public static ServerConfig of(List<DatasetConfig> datasets) {
        return new ServerConfig(null, null, null, null, null, null, null, null, datasets);
    }

    /**
     * Reads and checks a JSON configuration; HDT paths are resolved against the file's directory.
     *
     * @throws ConfigException naming the file and the problem
     */
    public static ServerConfig read(Path file) {
        ServerConfig parsed;
        try {
            byte[] json = Files.readAllBytes(file);
            if (new String(json, java.nio.charset.StandardCharsets.UTF_8).isBlank()) {
                throw new ConfigException("Configuration " + file + " is empty");
            }
            parsed = JSON.readValue(json, ServerConfig.class);
        } catch (UnrecognizedPropertyException e) {
            String parent = path(e, 1);
            throw new ConfigException("Configuration " + file + ": unknown key '" + e.getPropertyName() + "'"
                    + (parent.isEmpty() ? "" : " in " + parent) + locationOf(e) + suggestion(e), e);
        } catch (JsonMappingException e) {
            String key = path(e, 0);
            throw new ConfigException("Configuration " + file + ": " + (key.isEmpty() ? "" : key + ": ")
                    + plain(e) + locationOf(e), e);
        } catch (JsonProcessingException e) {
            throw new ConfigException("Configuration " + file + " is not valid JSON: " + plain(e) + locationOf(e), e);
        } catch (NoSuchFileException e) {
            throw new ConfigException("Configuration file not found: " + file, e);
        } catch (IOException e) {
            throw new ConfigException("Cannot read configuration " + file + ": " + e.getMessage(), e);
        }
        if (parsed == null) {
            throw new ConfigException("Configuration " + file + " is empty");
        }
        Path dir = file.toAbsolutePath().getParent();
        return parsed.withDatasets(parsed.datasets.stream().map(d -> d == null ? null : d.resolvedAgainst(dir)).toList())
                .validated();
    }

    /** Writes this configuration as JSON that {@link #read} accepts (for a server started in another process). */
    public void write(Path file) throws IOException {
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), this);
    }

    public ServerConfig withDatasets(List<DatasetConfig> list) {
        return new ServerConfig(title, description, host, port, baseUrl, cacheMaxAgeSeconds, maxRequestHeaderBytes,
                maxRequestBodyBytes, list, limits, http2, tokens);
    }

    public ServerConfig withListener(String newHost, int newPort) {
        return new ServerConfig(title, description, newHost, newPort, baseUrl, cacheMaxAgeSeconds, maxRequestHeaderBytes,
                maxRequestBodyBytes, datasets, limits, http2, tokens);
    }

    public ServerConfig withBaseUrl(String url) {
        return new ServerConfig(title, description, host, port, url, cacheMaxAgeSeconds, maxRequestHeaderBytes,
                maxRequestBodyBytes, datasets, limits, http2, tokens);
    }

    public ServerConfig withCacheMaxAge(int seconds) {
        return new ServerConfig(title, description, host, port, baseUrl, seconds, maxRequestHeaderBytes,
                maxRequestBodyBytes, datasets, limits, http2, tokens);
    }

    public ServerConfig withHttp2(boolean on) {
        return new ServerConfig(title, description, host, port, baseUrl, cacheMaxAgeSeconds, maxRequestHeaderBytes,
                maxRequestBodyBytes, datasets, limits, on, tokens);
    }

    public ServerConfig withTokens(Tokens newTokens) {
        return new ServerConfig(title, description, host, port, baseUrl, cacheMaxAgeSeconds, maxRequestHeaderBytes,
                maxRequestBodyBytes, datasets, limits, http2, newTokens);
    }

    public ServerConfig withLimits(Limits newLimits) {
        return new ServerConfig(title, description, host, port, baseUrl, cacheMaxAgeSeconds, maxRequestHeaderBytes,
                maxRequestBodyBytes, datasets, newLimits, http2, tokens);
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

    /** Where in the configuration the error is, e.g. {@code datasets[0].pageSize}, without the last {@code drop} steps. */
    private static String path(JsonMappingException e, int drop) {
        List<JsonMappingException.Reference> path = e.getPath();
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : path.subList(0, Math.max(0, path.size() - drop))) {
            b.append(r.getFieldName() != null ? (b.length() == 0 ? "" : ".") + r.getFieldName() : "[" + r.getIndex() + "]");
        }
        return b.toString();
    }

    private static String suggestion(UnrecognizedPropertyException e) {
        List<String> known = e.getKnownPropertyIds().stream().map(Object::toString).sorted().toList();
        return Suggestions.nearest(e.getPropertyName(), known).map(k -> "; did you mean '" + k + "'?")
                .orElse("; the keys here are " + known.stream().collect(Collectors.joining(", ")));
    }

    /** Jackson's message without its source description ({@code [Source: REDACTED ...; line: 1, column: 13]}). */
    private static String plain(JsonProcessingException e) {
        return e.getOriginalMessage().replaceAll("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]", "line $1, column $2");
    }

    private static String locationOf(JsonProcessingException e) {
        var location = e.getLocation();
        return location == null ? "" : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
