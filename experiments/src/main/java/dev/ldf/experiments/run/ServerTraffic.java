package dev.ldf.experiments.run;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What a server has answered so far on its datasets, read from its metrics: requests and bytes,
 * counted the same way whichever client sent them. The metrics requests themselves do not count
 * (they belong to no dataset).
 */
public final class ServerTraffic {

    /** Requests and response bytes; differences between two readings are what happened in between. */
    public record Reading(long requests, long bytes) {
        public Reading minus(Reading earlier) {
            return new Reading(requests - earlier.requests, bytes - earlier.bytes);
        }
    }

    private static final Pattern LINE = Pattern.compile(
            "(?m)^(ldf_requests_total|ldf_response_bytes_total)\\{dataset=\"([^\"]*)\"[^}]*} (\\S+)$");

    private final HttpClient http = HttpClient.newHttpClient();
    private final URI metrics;

    public ServerTraffic(URI server) {
        this.metrics = server.resolve("/-/metrics");
    }

    public Reading read() throws IOException, InterruptedException {
        HttpResponse<String> response = http.send(HttpRequest.newBuilder(metrics).build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IOException("GET " + metrics + " answered " + response.statusCode());
        }
        long requests = 0;
        long bytes = 0;
        Matcher m = LINE.matcher(response.body());
        while (m.find()) {
            if (m.group(2).isEmpty()) {
                continue;
            }
            long value = (long) Double.parseDouble(m.group(3));
            if (m.group(1).equals("ldf_requests_total")) {
                requests += value;
            } else {
                bytes += value;
            }
        }
        return new Reading(requests, bytes);
    }
}
