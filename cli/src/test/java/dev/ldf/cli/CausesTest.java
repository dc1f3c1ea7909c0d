package dev.ldf.cli;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.concurrent.TimeoutException;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class CausesTest {

    @Test
    void findsACauseAtAnyDepthAndTheRoot() {
        TimeoutException timeout = new TimeoutException("idle");
        IOException io = new IOException("read", timeout);
        RuntimeException top = new IllegalStateException("failed", new UncheckedIOException(io));
        assertSame(io, Causes.find(top, IOException.class).orElseThrow());
        assertTrue(Causes.has(top, TimeoutException.class));
        assertFalse(Causes.has(top, OutOfMemoryError.class));
        assertSame(timeout, Causes.root(top));
        assertSame(top, Causes.find(top, t -> t.getMessage().equals("failed")).orElseThrow());
    }

    @Test
    void aCycleOfCausesEnds() {
        IllegalStateException a = new IllegalStateException("a");
        IllegalArgumentException b = new IllegalArgumentException("b", a);
        a.initCause(b);
        assertFalse(Causes.has(a, IOException.class));
        Throwable root = Causes.root(a);
        assertTrue(root == a || root == b);
        assertEquals("b", Causes.find(a, IllegalArgumentException.class).orElseThrow().getMessage());
    }
}
