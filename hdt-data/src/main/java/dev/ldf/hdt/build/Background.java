package dev.ldf.hdt.build;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * The builder's work on other threads: daemon threads named after their job, and results awaited
 * with the job's own failure rethrown as it was (an I/O error, a runtime exception, an error).
 */
final class Background {

    private Background() {
    }

    /** {@code threads} daemon threads named {@code name}. */
    static ExecutorService threads(int threads, String name) {
        return Executors.newFixedThreadPool(threads, r -> {
            Thread t = new Thread(r, name);
            t.setDaemon(true);
            return t;
        });
    }

    /** The result of {@code job}, waited for; {@code what} names it if the wait is interrupted. */
    static <T> T await(Future<T> job, String what) throws IOException {
        try {
            return job.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while " + what);
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException r) {
                throw r;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IOException(cause);
        }
    }
}
