package dev.ldf.server.http;

import java.io.IOException;

/**
 * Tells a client that went away from a failure of the server. Writing a page only touches the
 * network (never files), so an {@link IOException} anywhere in the cause chain means the
 * connection broke: Jena wraps it in its own runtime exceptions while it writes.
 */
final class ClientGone {

    private ClientGone() {}

    static boolean causedBy(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof IOException) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }
}
