package dev.ldf.server.live;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.live.patch.BadPatchException;
import dev.ldf.server.live.patch.ChangeSet;
import dev.ldf.server.live.patch.PatchReader;



/**
 * Keeps a live dataset the same as the primary's: long-polls the primary's change feed
 * ({@code /name/changes?since=V&wait=S}) and applies each patch under the primary's version, so
 * that the follower's pages and entity tags name the same versions. The patches go through the
 * follower's own log, so a restart resumes where it stopped.
 *
 * <p>When the primary is unreachable the follower keeps serving what it has and asks again after
 * a growing pause (up to {@link #MAX_BACKOFF}). When the primary has compacted the versions the
 * follower still needs (410), it cannot catch up from the feed: it takes the file at its base path
 * if the primary compacted into it (a shared volume), or else copies the primary's current HDT
 * file ({@code /name/base}); it makes that its base and follows the feed from the version the file
 * holds.
 */
public final class Follower implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(Follower.class);
    private static final Pattern VERSION = Pattern.compile("^H\\s+id\\s+<urn:ldf:version:(\\d+)>\\s*\\.\\s*$");
    static final int WAIT_SECONDS = 30;
    private static final Duration MAX_BACKOFF = Duration.ofSeconds(30);

    private final String name;
    private final URI feed;
    private final URI base;
    private final LiveDataset dataset;
    private final HttpClient http;
    private final Thread thread;
    private volatile boolean running = true;
    /** The request waiting for the primary: cancelled on close, so that no write is interrupted. */
    private volatile CompletableFuture<?> pending;

    private Follower(String name, String primary, LiveDataset dataset) {
        this.name = name;
        this.feed = URI.create(primary.replaceAll("/+$", "") + "/changes");
        this.base = URI.create(primary.replaceAll("/+$", "") + "/base");
        this.dataset = dataset;
        this.http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        this.thread = new Thread(this::run, "follower-" + name);
        thread.setDaemon(true);
    }

    /** Starts following {@code primary} (the dataset's URL there) into {@code dataset}. */
    public static Follower start(String name, String primary, LiveDataset dataset) {
        Follower follower = new Follower(name, primary, dataset);
        LOG.info("Dataset {} follows {} from version {}", name, primary, dataset.version());
        follower.thread.start();
        return follower;
    }

    private void run() {
        Duration backoff = Duration.ofMillis(250);
        String lastProblem = null;
        while (running) {
            try {
                String problem = poll();
                if (problem == null) {
                    backoff = Duration.ofMillis(250);
                    if (lastProblem != null) {
                        LOG.info("Dataset {} follows {} again at version {}", name, feed, dataset.version());
                    }
                    lastProblem = null;
                    continue;
                }
                if (!problem.equals(lastProblem)) {
                    LOG.warn("Dataset {}: {}", name, problem);
                }
                lastProblem = problem;
            } catch (IOException | RuntimeException | BadPatchException e) {
                String problem = "cannot follow " + feed + ": " + describe(e);
                if (!problem.equals(lastProblem)) {
                    LOG.warn("Dataset {}: {}; retrying", name, problem);
                }
                lastProblem = problem;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            if (!running) {
                return;
            }
            sleep(backoff);
            backoff = backoff.multipliedBy(2).compareTo(MAX_BACKOFF) > 0 ? MAX_BACKOFF : backoff.multipliedBy(2);
        }
    }

    /** One request for the patches after this dataset's version; a problem to report, or null. */
    private String poll() throws IOException, InterruptedException, BadPatchException {
        long since = dataset.version();
        HttpRequest request = HttpRequest.newBuilder(URI.create(feed + "?since=" + since + "&wait=" + WAIT_SECONDS))
                .header("Accept", "application/rdf-patch").header("Accept-Encoding", "gzip")
                .timeout(Duration.ofSeconds(WAIT_SECONDS + 30)).build();
        CompletableFuture<HttpResponse<InputStream>> sent = http.sendAsync(request, HttpResponse.BodyHandlers.ofInputStream());
        pending = sent;
        HttpResponse<InputStream> response;
        try {
            response = sent.get();
        } catch (CancellationException e) {
            return null;
        } catch (ExecutionException e) {
            if (!running || e.getCause() instanceof CancellationException) {
                return null; // closed meanwhile
            }
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
        if (!running) {
            response.body().close();
            return null;
        }
        try (InputStream body = decoded(response)) {
            return switch (response.statusCode()) {
                case 200 -> {
                    apply(body);
                    yield null;
                }
                case 410 -> copyBase(since);
                case 400 -> "the primary is at an older version than this follower's " + since
                        + ": is it the same dataset?";
                default -> "the primary answered " + response.statusCode() + " at " + feed;
            };
        }
    }

    /**
     * The primary compacted the changes after {@code since}: copies its current file and installs
     * it. A problem to report, or null.
     */
    private String copyBase(long since) throws IOException, InterruptedException {
        if (dataset.adoptReplacedBase()) {
            return null; // the primary compacts into the file this follower reads (a shared volume)
        }
        LOG.warn("Dataset {}: the primary compacted the changes after version {}; copying its current file from {}",
                name, since, base);
        Path download = dataset.downloadFile();
        Files.deleteIfExists(download);
        CompletableFuture<HttpResponse<Path>> sent = http.sendAsync(HttpRequest.newBuilder(base).build(),
                HttpResponse.BodyHandlers.ofFile(download));
        pending = sent;
        HttpResponse<Path> response;
        try {
            response = sent.get();
        } catch (CancellationException e) {
            Files.deleteIfExists(download);
            return null;
        } catch (ExecutionException e) {
            Files.deleteIfExists(download);
            if (!running || e.getCause() instanceof CancellationException) {
                return null; // closed meanwhile
            }
            throw e.getCause() instanceof IOException io ? io : new IOException(e.getCause());
        }
        if (response.statusCode() != 200) {
            Files.deleteIfExists(download);
            return "the primary no longer has the changes after version " + since + " (compacted), and answered "
                    + response.statusCode() + " for its current file at " + base;
        }
        if (!running) {
            Files.deleteIfExists(download);
            return null;
        }
        long reached = dataset.install(download);
        // Backs off instead of copying again and again when the file is no newer.
        return reached > since ? null : "the primary's current file holds no version after this follower's " + since
                + ", yet its feed no longer has the changes after it: is it the same dataset?";
    }

    /** Applies the feed's patches one by one, each under the version its {@code H id} row names. */
    private void apply(InputStream body) throws IOException, BadPatchException {
        BufferedReader lines = new BufferedReader(new InputStreamReader(body, StandardCharsets.UTF_8), 64 * 1024);
        StringBuilder patch = new StringBuilder();
        long version = -1;
        for (String line = lines.readLine(); ; line = lines.readLine()) {
            Matcher id = line == null ? null : VERSION.matcher(line);
            if (line == null || id.matches()) {
                if (version >= 0) {
                    ChangeSet changes = PatchReader.read(new ByteArrayInputStream(patch.toString()
                            .getBytes(StandardCharsets.UTF_8)));
                    dataset.writeAs(version, changes);
                }
                if (line == null) {
                    return;
                }
                version = Long.parseLong(id.group(1));
                patch.setLength(0);
            } else if (version >= 0) {
                patch.append(line).append('\n');
            }
        }
    }

    private static InputStream decoded(HttpResponse<InputStream> response) throws IOException {
        boolean gzip = response.headers().firstValue("Content-Encoding").map(e -> e.equalsIgnoreCase("gzip"))
                .orElse(false);
        return gzip ? new GZIPInputStream(response.body(), 64 * 1024) : response.body();
    }

    private synchronized void sleep(Duration pause) {
        try {
            if (running) {
                wait(pause.toMillis());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            running = false;
        }
    }

    /** Stops following; a patch being applied is applied whole first (no interrupt reaches the log). */
    @Override
    public void close() {
        running = false;
        CompletableFuture<?> waiting = pending;
        if (waiting != null) {
            waiting.cancel(true);
        }
        synchronized (this) {
            notifyAll();
        }
        try {
            thread.join(5_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** A failure in words: what went wrong, not which Java class said so. */
    private static String describe(Exception e) {
        if (e instanceof ConnectException) {
            return "the primary does not answer (connection refused)";
        }
        if (e instanceof HttpTimeoutException) {
            return "the primary did not answer in time";
        }
        if (e instanceof BadPatchException) {
            return "its feed holds a patch this server refuses (" + e.getMessage() + ")";
        }
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }
}
