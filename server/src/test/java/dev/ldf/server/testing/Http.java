package dev.ldf.server.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/** A small HTTP client for tests against the real server. */
public final class Http {

    /** HTTP/1.1: Java's client would otherwise upgrade to h2c, which has tests of its own. */
    private static final HttpClient CLIENT = HttpClient.newBuilder()
            .version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10))
            .followRedirects(HttpClient.Redirect.NEVER)
            .build();

    private Http() {}

    public static HttpResponse<String> get(String url, String... headers) {
        return send(HttpRequest.newBuilder(URI.create(url)).GET(), headers);
    }

    public static HttpResponse<byte[]> getBytes(String url, String... headers) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create(url)).GET().timeout(Duration.ofSeconds(30));
        if (headers.length > 0) {
            builder.headers(headers);
        }
        try {
            return CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    public static HttpResponse<String> send(HttpRequest.Builder builder, String... headers) {
        builder.timeout(Duration.ofSeconds(30));
        if (headers.length > 0) {
            builder.headers(headers);
        }
        try {
            return CLIENT.send(builder.build(), HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** A form POST, as brTPF clients send large binding sets. */
    public static HttpResponse<String> post(String url, String form, String... headers) {
        String[] all = new String[headers.length + 2];
        all[0] = "Content-Type";
        all[1] = "application/x-www-form-urlencoded";
        System.arraycopy(headers, 0, all, 2, headers.length);
        return send(HttpRequest.newBuilder(URI.create(url)).POST(HttpRequest.BodyPublishers.ofString(form)), all);
    }

    /** Parameters percent-encoded as a form body or query string. */
    public static String form(String... nameValues) {
        return url("", nameValues).substring(1);
    }

    /** Status line and body of a request sent as raw bytes, for URLs that {@link URI} refuses. */
    public static String[] raw(String method, String pathAndQuery, String... headers) {
        URI base = TestServer.uri();
        try (Socket socket = new Socket(base.getHost(), base.getPort())) {
            socket.setSoTimeout(10_000);
            StringBuilder request = new StringBuilder(method + " " + pathAndQuery + " HTTP/1.1\r\nHost: "
                    + base.getHost() + ":" + base.getPort() + "\r\nConnection: close\r\n");
            for (int i = 0; i < headers.length; i += 2) {
                request.append(headers[i]).append(": ").append(headers[i + 1]).append("\r\n");
            }
            request.append("\r\n");
            socket.getOutputStream().write(request.toString().getBytes(StandardCharsets.UTF_8));
            String response = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int headerEnd = response.indexOf("\r\n\r\n");
            return new String[] {response.substring(0, response.indexOf("\r\n")),
                    headerEnd < 0 ? "" : response.substring(headerEnd + 4)};
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** A URL with the given parameters, percent-encoded as browsers and Comunica do. */
    public static String url(String base, String... nameValues) {
        Map<String, String> params = new LinkedHashMap<>();
        for (int i = 0; i < nameValues.length; i += 2) {
            params.put(nameValues[i], nameValues[i + 1]);
        }
        StringBuilder b = new StringBuilder(base);
        char sep = '?';
        for (Map.Entry<String, String> p : params.entrySet()) {
            b.append(sep).append(p.getKey()).append('=')
                    .append(URLEncoder.encode(p.getValue(), StandardCharsets.UTF_8).replace("+", "%20"));
            sep = '&';
        }
        return b.toString();
    }
}
