package dev.ldf.server.http;

import java.io.EOFException;
import java.io.UncheckedIOException;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ClientGoneTest {

    private static IllegalArgumentException thrownAt(String className, String method) {
        IllegalArgumentException e = new IllegalArgumentException("newPosition > limit: (516 > 0)");
        e.setStackTrace(new StackTraceElement[] {
            new StackTraceElement("java.nio.Buffer", "position", "Buffer.java", 316),
            new StackTraceElement(className, method, null, 563)});
        return e;
    }

    @Test
    void aBrokenConnectionAnywhereInTheCausesIsTheClientGoing() {
        assertTrue(ClientGone.causedBy(new RuntimeException(new UncheckedIOException(new EOFException()))));
        assertTrue(ClientGone.causedBy(new RuntimeException(thrownAt("sun.nio.ch.SocketChannelImpl", "write"))),
                "the socket refusing a buffer Jetty already released");
    }

    @Test
    void aBugOfOursIsNot() {
        assertFalse(ClientGone.causedBy(new IllegalStateException("broken")));
        assertFalse(ClientGone.causedBy(thrownAt("dev.ldf.server.rdf.HtmlWriter", "cell")),
                "an IllegalArgumentException elsewhere is a server failure");
    }
}
