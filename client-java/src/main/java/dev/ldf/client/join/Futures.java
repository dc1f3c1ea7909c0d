package dev.ldf.client.join;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;

import dev.ldf.client.http.FragmentException;

/** Waiting for futures, with the cause of a failure rethrown as it was. */
final class Futures {

    private Futures() {}

    /** Waits for {@code future} (may be null) to finish, whatever its outcome; an interrupt ends the wait. */
    static void settle(CompletableFuture<?> future) {
        if (future == null) {
            return;
        }
        try {
            future.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (CancellationException | ExecutionException e) {
            // Its outcome does not matter: only that it is over.
        }
    }

    static <T> T await(CompletableFuture<T> future) {
        try {
            return future.get();
        } catch (InterruptedException e) {
            future.cancel(true);
            Thread.currentThread().interrupt();
            throw new FragmentException("Interrupted while waiting for a fragment", e);
        } catch (CancellationException e) {
            throw new FragmentException("The request was cancelled: the query is being stopped", e);
        } catch (ExecutionException | CompletionException e) {
            Throwable cause = e.getCause() == null ? e : e.getCause();
            if (cause instanceof CompletionException && cause.getCause() != null) {
                cause = cause.getCause();
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw new FragmentException(cause.toString(), cause);
        }
    }
}
