package dev.ldf.server.http;

import java.io.IOException;

import dev.ldf.cli.Causes;

/**
 * Tells a client that went away from a failure of the server. Writing a page only touches the
 * network (never files), so an {@link IOException} anywhere in the cause chain means the
 * connection broke: Jena wraps it in its own runtime exceptions while it writes.
 */
final class ClientGone {

    private ClientGone() {}

    static boolean causedBy(Throwable failure) {
        return Causes.find(failure, t -> t instanceof IOException || socketWriteRace(t)).isPresent();
    }

    /**
     * Under hostile load (clients that drop connections mid-response) Jetty 12.1 can hand the
     * socket a pooled buffer that its own teardown has already released; the JDK then fails the
     * write with an IllegalArgumentException (jetty/jetty.project#13679 is one such race). Only
     * the broken connection suffers, so it counts as the client having gone.
     */
    private static boolean socketWriteRace(Throwable t) {
        if (!(t instanceof IllegalArgumentException)) {
            return false;
        }
        for (StackTraceElement frame : t.getStackTrace()) {
            if (frame.getClassName().equals("sun.nio.ch.SocketChannelImpl") && frame.getMethodName().contains("rite")) {
                return true;
            }
        }
        return false;
    }
}
