package dev.ldf.server;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;

/** The configured port is taken by another process. */
public final class PortInUseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    PortInUseException(String host, int port, Throwable cause) {
        super("Port " + port + " on " + host + " is already in use: stop the process that holds it, or choose "
                + "another port with --port or \"port\" in the configuration", cause);
    }

    /**
     * Refuses a start on a port that another process listens on; port 0 (any free one) is always
     * free. The probe binds without listening: a listening probe would take, and then drop, the
     * connections of clients that try the port while the server starts.
     */
    static void checkFree(String host, int port) {
        if (port == 0) {
            return;
        }
        try (Socket probe = new Socket()) {
            // As Jetty binds: a port in TIME_WAIT is free; Linux still refuses a port with a listener.
            probe.setReuseAddress(true);
            probe.bind(new InetSocketAddress(host, port));
        } catch (IOException e) {
            throw new PortInUseException(host, port, e);
        }
    }
}
