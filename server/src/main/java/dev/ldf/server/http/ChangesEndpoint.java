package dev.ldf.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.StandardOpenOption;
import java.security.MessageDigest;
import java.util.Locale;

import org.apache.commons.codec.digest.DigestUtils;

import dev.ldf.server.fragment.BadRequestException;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.live.BadPatchException;
import dev.ldf.server.live.ChangeSet;
import dev.ldf.server.live.LiveDataset;
import dev.ldf.server.live.PatchReader;
import dev.ldf.server.live.UpdateReader;
import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A live dataset's changes ({@code /name/changes}). {@code POST} applies a patch: RDF Patch
 * ({@code application/rdf-patch}, streamed) or SPARQL Update {@code INSERT DATA}/{@code DELETE
 * DATA} ({@code application/sparql-update}), gzip or deflate encoded or not, with the dataset's
 * bearer token; the answer comes once the patch is on disk and visible. {@code GET ?since=N}
 * is the change feed: the patches after version N as RDF Patch, each headed by its version as
 * RDF Delta does ({@code H id}, {@code H prev}); {@code wait=S} holds the request up to S seconds
 * until there is one (long polling); a version that a compaction folded into the base is gone
 * (410). {@code /name/compaction}, with the token: {@code POST} starts a compaction, {@code GET}
 * tells whether one runs and what the last one did. {@code /name/base} is the current HDT file,
 * from which a follower that fell behind the compactions starts again.
 */
final class ChangesEndpoint {

    static final String NAME = "changes";
    static final String COMPACTION = "compaction";
    static final String BASE = "base";
    static final String HDT_TYPE = "application/vnd.hdt";
    static final String PATCH_TYPE = "application/rdf-patch";
    static final String UPDATE_TYPE = "application/sparql-update";
    static final String VERSION_HEADER = "Dataset-Version";
    static final int MAX_WAIT_SECONDS = 60;
    private static final String METHODS = "GET, HEAD, POST, OPTIONS";

    /**
     * A live dataset; {@code tokenDigest} is null when it takes no writes, {@code primary} the
     * dataset's URL on the primary when it follows one.
     */
    record Target(String dataset, LiveDataset live, byte[] tokenDigest, String primary) {
        static Target of(String dataset, LiveDataset live, String token, String primary) {
            return new Target(dataset, live, token == null ? null : DigestUtils.sha256(token), primary);
        }

        HttpError writesOff() {
            return new HttpError(405, primary != null
                    ? "Dataset " + dataset + " follows " + primary + ": send changes there."
                    : "Dataset " + dataset + " takes no changes: writes are off.", true);
        }
    }

    private final DumpSlots baseSlots;
    private final SlowReaders slowReaders;
    private final PatchBudget budget;
    private final int maxUpdateBytes;
    private final int retryAfterSeconds;
    private final String baseUrl;

    /**
     * {@code budget}: how large patches may be, decoded; {@code maxUpdateBytes}: the largest SPARQL
     * Update request, which is parsed in memory; a base file is sent in one of the {@code baseSlots}
     * (places of their own, so that readers of dumps cannot keep followers from catching up), to a
     * client that reads it fast enough ({@code slowReaders}).
     */
    ChangesEndpoint(PatchBudget budget, int maxUpdateBytes, int retryAfterSeconds, String baseUrl, DumpSlots baseSlots,
            SlowReaders slowReaders) {
        this.baseSlots = baseSlots;
        this.slowReaders = slowReaders;
        this.budget = budget;
        this.maxUpdateBytes = maxUpdateBytes;
        this.retryAfterSeconds = retryAfterSeconds;
        this.baseUrl = baseUrl;
    }

    /** Answers {@code /name/compaction}: POST starts one, GET describes it; both with the token. */
    void compaction(HttpServletRequest request, HttpServletResponse response, Target target) throws IOException {
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("POST")) {
            response.setHeader("Allow", "GET, HEAD, POST");
            throw new HttpError(405, "Method " + method + " is not allowed here; use GET or POST.");
        }
        if (target.tokenDigest() == null) {
            throw target.writesOff();
        }
        authorize(request, response, target);
        LiveDataset live = target.live();
        if (method.equals("POST")) {
            live.compact();
            response.setStatus(202);
        }
        LiveDataset.Compacted last = live.lastCompaction();
        String json = String.format(Locale.ROOT, "{\"running\":%b,\"version\":%d,\"overlay\":%d,\"replayableAfter\":%d%s}\n",
                live.compacting(), live.version(), live.source().overlaySize(), live.oldestReplayable(),
                last == null ? "" : String.format(Locale.ROOT,
                        ",\"last\":{\"version\":%d,\"triples\":%d,\"folded\":%d,\"millis\":%d}",
                        last.version(), last.triples(), last.folded(), last.millis()));
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        if (!method.equals("HEAD")) {
            try (OutputStream out = response.getOutputStream()) {
                out.write(json.getBytes(StandardCharsets.UTF_8));
            }
        }
    }

    /**
     * Answers {@code /name/base}: the dataset's current HDT file, whose header names the version it
     * holds; a follower that fell behind the compactions installs it and follows the feed from there.
     */
    void base(HttpServletRequest request, HttpServletResponse response, Target target) throws IOException {
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            response.setHeader("Allow", "GET, HEAD");
            throw new HttpError(405, "Method " + method + " is not allowed here; use GET.");
        }
        baseSlots.enter(response); // a whole dataset, as a dump is
        // Opened before anything is sent: a compaction meanwhile renames a new file into place, not into this one.
        try (FileChannel file = FileChannel.open(target.live().baseFile(), StandardOpenOption.READ)) {
            response.setStatus(200);
            response.setContentType(HDT_TYPE);
            response.setHeader("Cache-Control", "no-store");
            response.setContentLengthLong(file.size());
            if (!method.equals("HEAD")) {
                try (OutputStream out = slowReaders.watch(request, response.getOutputStream())) {
                    Channels.newInputStream(file).transferTo(out);
                }
            }
        } finally {
            baseSlots.leave();
        }
    }

    void answer(HttpServletRequest request, HttpServletResponse response, Target target) throws IOException {
        switch (request.getMethod()) {
            case "GET", "HEAD" -> feed(request, response, target);
            case "POST" -> write(request, response, target);
            case "OPTIONS" -> {
                response.setHeader("Allow", METHODS);
                response.setStatus(204);
            }
            default -> {
                response.setHeader("Allow", METHODS);
                throw new HttpError(405, "Method " + request.getMethod() + " is not allowed here; use " + METHODS + ".");
            }
        }
    }

    private void write(HttpServletRequest request, HttpServletResponse response, Target target) throws IOException {
        if (target.tokenDigest() == null) {
            response.setHeader("Allow", "GET, HEAD, OPTIONS");
            throw target.writesOff();
        }
        authorize(request, response, target);
        String type = mediaType(request.getContentType());
        LiveDataset.Accepted accepted;
        // The patch's bytes stay counted against the budget until it is applied: its changes are in memory till then.
        try (InputStream body = budget.reading(RequestBodies.decoded(request))) {
            ChangeSet changes;
            try {
                changes = read(body, type, response);
            } catch (HttpError e) {
                throw e.closeConnection() ? drained(e, request) : e;
            }
            // The Skolem IRIs of this server's fragments name its blank nodes: a client can change what it read.
            Skolemizer skolemizer = new Skolemizer(PublicUrls.of(request, baseUrl).genidPrefix(target.dataset()));
            try {
                accepted = target.live().write(changes.map(skolemizer::deskolemize));
            } catch (BadPatchException | BadRequestException e) {
                throw new HttpError(400, "The patch was not applied. " + e.getMessage(), false);
            }
        }
        response.setStatus(200);
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.setHeader(VERSION_HEADER, Long.toString(accepted.version()));
        String json = String.format(Locale.ROOT, "{\"version\":%d,\"changes\":%d,\"added\":%d,\"deleted\":%d}\n",
                accepted.version(), accepted.changes(), accepted.effect().added(), accepted.effect().deleted());
        try (OutputStream out = response.getOutputStream()) {
            out.write(json.getBytes(StandardCharsets.UTF_8));
        }
    }

    private void feed(HttpServletRequest request, HttpServletResponse response, Target target) throws IOException {
        // Without since: every patch the feed still has.
        long since = number(request.getParameter("since"), "since", 0, Long.MAX_VALUE, target.live().oldestReplayable());
        long waitSeconds = number(request.getParameter("wait"), "wait", 0, MAX_WAIT_SECONDS, 0);
        long version = target.live().version();
        if (since > version) {
            throw HttpError.badRequest("since=" + since + " is after the dataset's version, " + version + ".");
        }
        long oldest = target.live().oldestReplayable();
        if (since < oldest) {
            throw new HttpError(410, "The changes up to version " + oldest + " were compacted into the dataset's HDT file"
                    + " and are no longer in the feed; start a follower from a copy of the current file.");
        }
        if (since == version && waitSeconds > 0) {
            // Wait without a thread: the first of a new version and the timeout sends the answer.
            AsyncContext async = request.startAsync();
            async.setTimeout(0);
            Runnable send = () -> async.start(() -> {
                try {
                    sendFeed((HttpServletRequest) async.getRequest(), (HttpServletResponse) async.getResponse(), target,
                            since);
                } catch (IOException | RuntimeException e) {
                    // The client has gone; nothing to answer.
                } finally {
                    async.complete();
                }
            });
            Runnable once = onceOnly(send);
            Runnable cancel = target.live().whenAfter(since, once);
            java.util.concurrent.ScheduledFuture<?> timeout = TIMEOUTS.schedule(() -> {
                cancel.run();
                once.run();
            }, waitSeconds, java.util.concurrent.TimeUnit.SECONDS);
            async.addListener(new AsyncListener() {
                @Override
                public void onComplete(AsyncEvent event) {
                    timeout.cancel(false);
                    cancel.run();
                }

                @Override
                public void onTimeout(AsyncEvent event) {
                }

                @Override
                public void onError(AsyncEvent event) {
                    timeout.cancel(false);
                    cancel.run();
                }

                @Override
                public void onStartAsync(AsyncEvent event) {
                }
            });
            return;
        }
        sendFeed(request, response, target, since);
    }

    /** Ends the long polls' waits; one daemon thread for all datasets. */
    private static final java.util.concurrent.ScheduledExecutorService TIMEOUTS =
            java.util.concurrent.Executors.newSingleThreadScheduledExecutor(r -> {
                Thread t = new Thread(r, "feed-timeouts");
                t.setDaemon(true);
                return t;
            });

    private static Runnable onceOnly(Runnable action) {
        java.util.concurrent.atomic.AtomicBoolean done = new java.util.concurrent.atomic.AtomicBoolean();
        return () -> {
            if (done.compareAndSet(false, true)) {
                action.run();
            }
        };
    }

    /** The patches after {@code since} as the feed's answer. */
    private static void sendFeed(HttpServletRequest request, HttpServletResponse response, Target target, long since)
            throws IOException {
        response.setStatus(200);
        response.setContentType(PATCH_TYPE + ";charset=utf-8");
        // Each answer depends on when it is asked: not for caches.
        response.setHeader("Cache-Control", "no-store");
        response.setHeader(VERSION_HEADER, Long.toString(target.live().version()));
        if (request.getMethod().equals("HEAD")) {
            return;
        }
        try (OutputStream out = response.getOutputStream()) {
            // A compaction between the check above and here ends this answer early; the next asks get 410.
            target.live().patchesAfter(since, entry -> {
                String header = "H id <urn:ldf:version:" + entry.version() + "> .\n"
                        + (entry.version() > 1 ? "H prev <urn:ldf:version:" + (entry.version() - 1) + "> .\n" : "");
                out.write(header.getBytes(StandardCharsets.US_ASCII));
                out.write(entry.patch());
                return true;
            });
        }
    }

    /** The patch in {@code body}, as RDF Patch or SPARQL Update; every way it can be refused is an {@link HttpError}. */
    private ChangeSet read(InputStream body, String type, HttpServletResponse response) throws IOException {
        try {
            if (type.equals(PATCH_TYPE) || type.equals("text/rdf-patch")) {
                return PatchReader.read(body);
            }
            if (type.equals(UPDATE_TYPE)) {
                byte[] bytes = body.readNBytes(maxUpdateBytes + 1);
                if (bytes.length > maxUpdateBytes) {
                    throw new HttpError(413, "A SPARQL Update request may have at most " + maxUpdateBytes
                            + " bytes; send larger batches as RDF Patch (" + PATCH_TYPE + "), which is streamed.", true);
                }
                return UpdateReader.read(new String(bytes, StandardCharsets.UTF_8));
            }
            throw new HttpError(415, "Send changes as " + PATCH_TYPE + " or " + UPDATE_TYPE + ", not '"
                    + (type.isEmpty() ? "no Content-Type" : type) + "'.", true);
        } catch (BadPatchException e) {
            throw new HttpError(400, "The patch was not applied. " + e.getMessage(), true);
        } catch (IOException | RuntimeException e) {
            // The parsers may wrap what the body's stream threw.
            if (cause(e, PatchBudget.TooLarge.class) != null) {
                throw budget.tooLarge();
            }
            if (cause(e, PatchBudget.Busy.class) != null) {
                response.setHeader("Retry-After", Integer.toString(retryAfterSeconds));
                throw budget.busy(retryAfterSeconds);
            }
            HttpError refused = cause(e, HttpError.class);
            if (refused != null) {
                throw refused; // a body that does not decode
            }
            throw e;
        }
    }

    /**
     * The refusal of a body not read to its end, after reading what the client still sends (up to
     * a bound), so that it receives the answer rather than a reset connection.
     */
    private static HttpError drained(HttpError refusal, HttpServletRequest request) throws IOException {
        boolean all = FragmentParameters.drain(request);
        return new HttpError(refusal.status(), refusal.getMessage(), !all);
    }

    /** 401 without a bearer token, 403 with another one; compared in constant time. */
    private static void authorize(HttpServletRequest request, HttpServletResponse response, Target target) {
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"" + target.dataset() + "\"");
            throw new HttpError(401, "Changes need the dataset's token: Authorization: Bearer <token>.", true);
        }
        if (!MessageDigest.isEqual(DigestUtils.sha256(header.substring(7).strip()), target.tokenDigest())) {
            throw new HttpError(403, "This token may not change dataset " + target.dataset() + ".", true);
        }
    }

    private static <T extends Throwable> T cause(Throwable e, Class<T> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return type.cast(t);
            }
        }
        return null;
    }

    private static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
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
