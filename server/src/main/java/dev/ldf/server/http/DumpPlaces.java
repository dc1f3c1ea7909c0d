package dev.ldf.server.http;

import java.util.concurrent.Semaphore;

import dev.ldf.server.config.Limits;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Places for responses that stream a whole dataset: dumps, and (in places of their own) a live
 * dataset's base file. Each holds a request's place for seconds to minutes, so only
 * {@link Limits#maxConcurrentDumps()} of a kind run at once; others get 503 with
 * {@code Retry-After}.
 */
final class DumpPlaces {

    private final Semaphore running;
    private final int retryAfterSeconds;

    DumpPlaces(Limits limits) {
        this.running = new Semaphore(limits.maxConcurrentDumps());
        this.retryAfterSeconds = Math.max(limits.retryAfterSeconds(), 10);
    }

    /** Takes a place, to be given back with {@link #leave}; or refuses the request with 503 and a time to come back. */
    void enter(HttpServletResponse response) {
        if (!running.tryAcquire()) {
            response.setHeader("Retry-After", Integer.toString(retryAfterSeconds));
            throw new HttpError(503, "The server is streaming as many dumps as it allows at once; try again in "
                    + retryAfterSeconds + " seconds.");
        }
    }

    void leave() {
        running.release();
    }
}
