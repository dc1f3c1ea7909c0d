package dev.ldf.experiments.live;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The live-data experiment's requests: patches with the writers' token, pages as N-Triples, compactions. */
final class LiveHttp {

    private static final Pattern COUNT = Pattern.compile("void#triples> \"(\\d+)\"");

    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    void post(String dataset, byte[] patch) {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(dataset + "/changes"))
                .header("Content-Type", "application/rdf-patch").header("Authorization", "Bearer " + LiveExperiment.TOKEN)
                .POST(HttpRequest.BodyPublishers.ofByteArray(patch)).build());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("patch refused: " + answer.statusCode() + " " + answer.body());
        }
    }

    /** Asks for a compaction and waits for it to end, asking every 50 ms; returns its seconds. */
    double compact(String dataset) throws InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> started = send(HttpRequest.newBuilder(URI.create(dataset + "/compaction"))
                .header("Authorization", "Bearer " + LiveExperiment.TOKEN).POST(HttpRequest.BodyPublishers.noBody()).build());
        if (started.statusCode() != 202) {
            throw new IllegalStateException("compaction not started: " + started.statusCode() + " " + started.body());
        }
        String status;
        do {
            Thread.sleep(50);
            status = send(HttpRequest.newBuilder(URI.create(dataset + "/compaction"))
                    .header("Authorization", "Bearer " + LiveExperiment.TOKEN).build()).body();
        } while (!(status.contains("\"running\":false") && status.contains("\"last\"")));
        return (System.nanoTime() - start) / 1e9;
    }

    /** The dataset's triples, as its first page states them ({@code void:triples}). */
    long count(String dataset) {
        Matcher m = COUNT.matcher(get(dataset));
        if (!m.find()) {
            throw new IllegalStateException("no void:triples in the first page of " + dataset);
        }
        return Long.parseLong(m.group(1));
    }

    String get(String url) {
        return send(HttpRequest.newBuilder(URI.create(url)).header("Accept", "application/n-triples").build()).body();
    }

    HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    /** Sends {@code request} as the client's own {@code send} does. */
    <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> body) throws IOException, InterruptedException {
        return http.send(request, body);
    }
}
