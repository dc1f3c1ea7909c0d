package dev.ldf.server.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import dev.ldf.server.live.LiveDataset;
import dev.ldf.server.monitor.RequestLabels;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code /{dataset}/changes} of a live dataset. {@code POST} applies a patch ({@link PatchWrites}).
 * {@code GET ?since=N} is the change feed: the patches after version N as RDF Patch, each headed by
 * its version as RDF Delta does ({@code H id}, {@code H prev}); {@code wait=S} holds the request
 * up to S seconds until there is one (long polling, holding no thread); a version that a
 * compaction folded into the base is gone (410). Errors are plain text: writers and followers are
 * programs.
 */
final class ChangesEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;

    static final String NAME = "changes";
    static final String VERSION_HEADER = "Dataset-Version";
    static final int MAX_WAIT_SECONDS = 60;
    private static final String METHODS = "GET, HEAD, POST, OPTIONS";

    private final transient PatchWrites writes;

    ChangesEndpoint(Site site, HostedDataset dataset, PatchWrites writes) {
        super(site, dataset, RequestLabels.Api.CHANGES, Errors.PLAIN);
        this.writes = writes;
    }

    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        switch (request.getMethod()) {
            case "GET", "HEAD" -> feed(request, response);
            case "POST" -> writes.write(request, response, dataset, site.urls(request));
            case "OPTIONS" -> {
                response.setHeader("Allow", METHODS);
                response.setStatus(204);
            }
            default -> allow(request, response, METHODS);
        }
    }

    private void feed(HttpServletRequest request, HttpServletResponse response) throws IOException {
        LiveDataset live = dataset.live();
        // Without since: every patch the feed still has.
        long since = number(request.getParameter("since"), "since", 0, Long.MAX_VALUE, live.oldestReplayable());
        long waitSeconds = number(request.getParameter("wait"), "wait", 0, MAX_WAIT_SECONDS, 0);
        long version = live.version();
        if (since > version) {
            throw HttpError.badRequest("since=" + since + " is after the dataset's version, " + version + ".");
        }
        long oldest = live.oldestReplayable();
        if (since < oldest) {
            throw new HttpError(410, "The changes up to version " + oldest + " were compacted into the dataset's HDT file"
                    + " and are no longer in the feed; start a follower from a copy of the current file.");
        }
        if (since == version && waitSeconds > 0) {
            awaitNext(request, since, waitSeconds);
            return;
        }
        send(request, response, since);
    }

    /**
     * Waits, holding no thread, for the first version after {@code since} or the timeout, on the
     * dataset's waiters (ended with the server); whichever comes first sends the answer.
     */
    private void awaitNext(HttpServletRequest request, long since, long waitSeconds) {
        AsyncContext async = request.startAsync();
        async.setTimeout(0);
        Runnable answer = () -> async.start(() -> {
            try {
                send((HttpServletRequest) async.getRequest(), (HttpServletResponse) async.getResponse(), since);
            } catch (IOException | RuntimeException e) {
                // The client has gone; nothing to answer.
            } finally {
                async.complete();
            }
        });
        Runnable cancel = dataset.live().whenAfter(since, TimeUnit.SECONDS.toMillis(waitSeconds), answer);
        async.addListener(new AsyncListener() {
            @Override
            public void onComplete(AsyncEvent event) {
                cancel.run();
            }

            @Override
            public void onTimeout(AsyncEvent event) {
            }

            @Override
            public void onError(AsyncEvent event) {
                cancel.run();
            }

            @Override
            public void onStartAsync(AsyncEvent event) {
            }
        });
    }

    /** The patches after {@code since} as the feed's answer. */
    private void send(HttpServletRequest request, HttpServletResponse response, long since) throws IOException {
        LiveDataset live = dataset.live();
        response.setStatus(200);
        response.setContentType(PatchWrites.PATCH_TYPE + ";charset=utf-8");
        // Each answer depends on when it is asked: not for caches.
        response.setHeader("Cache-Control", "no-store");
        response.setHeader(VERSION_HEADER, Long.toString(live.version()));
        if (request.getMethod().equals("HEAD")) {
            return;
        }
        Representations.writeWhole(response, out -> {
            // A compaction between the check and here ends this answer early; the next asks get 410.
            live.patchesAfter(since, entry -> {
                String header = "H id <urn:ldf:version:" + entry.version() + "> .\n"
                        + (entry.version() > 1 ? "H prev <urn:ldf:version:" + (entry.version() - 1) + "> .\n" : "");
                out.write(header.getBytes(StandardCharsets.US_ASCII));
                out.write(entry.patch());
                return true;
            });
        });
    }

    private static long number(String value, String name, long min, long max, long fallback) {
        if (value == null || value.isEmpty()) {
            return fallback;
        }
        try {
            long n = Long.parseLong(value);
            if (n >= min && n <= max) {
                return n;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw HttpError.badRequest(name + " must be a whole number from " + min + " to " + max + ".");
    }
}
