package dev.ldf.deploy.soak;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Connections that send one byte a second and never finish: half trickle a request's headers,
 * half a POST body that they declared much longer. A server that gives each a thread, or a place
 * in its load limit, stalls under them. One thread drives them all; {@link #close()} hangs up.
 */
final class SlowClients implements AutoCloseable {

    private final List<Socket> sockets = new ArrayList<>();
    private final Thread trickle;
    private volatile boolean running = true;
    private volatile int closedByServer;

    SlowClients(URI dataset, int count) throws IOException {
        String path = dataset.getRawPath();
        for (int i = 0; i < count; i++) {
            Socket socket = new Socket(dataset.getHost(), dataset.getPort());
            String start = i % 2 == 0
                    ? "GET " + path + " HTTP/1.1\r\nHost: " + dataset.getAuthority() + "\r\nX-Slow: "
                    : "POST " + path + " HTTP/1.1\r\nHost: " + dataset.getAuthority()
                            + "\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 100000\r\n\r\nsubject=";
            socket.getOutputStream().write(start.getBytes(StandardCharsets.US_ASCII));
            sockets.add(socket);
        }
        trickle = new Thread(() -> {
            while (running) {
                int closed = 0;
                for (Socket s : sockets) {
                    try {
                        s.getOutputStream().write('a');
                    } catch (IOException e) {
                        closed++;
                    }
                }
                closedByServer = closed;
                try {
                    Thread.sleep(1000);
                } catch (InterruptedException e) {
                    return;
                }
            }
        }, "slow-clients");
        trickle.setDaemon(true);
        trickle.start();
    }

    /** How many of the connections the server has closed so far. */
    int closedByServer() {
        return closedByServer;
    }

    @Override
    public void close() {
        running = false;
        trickle.interrupt();
        for (Socket s : sockets) {
            try {
                s.close();
            } catch (IOException e) {
                // already gone
            }
        }
    }
}
