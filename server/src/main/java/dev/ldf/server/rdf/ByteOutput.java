package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A byte buffer in front of a response stream, without the locking of
 * {@link java.io.BufferedOutputStream}: one request thread writes it. Not thread-safe.
 */
final class ByteOutput {
    private static final int SIZE = 16 * 1024;

    private final OutputStream out;
    private final byte[] buffer = new byte[SIZE];
    private int used;

    ByteOutput(OutputStream out) {
        this.out = out;
    }

    void write(int b) throws IOException {
        if (used == SIZE) {
            drain();
        }
        buffer[used++] = (byte) b;
    }

    void write(byte[] bytes) throws IOException {
        write(bytes, 0, bytes.length);
    }

    void write(byte[] bytes, int offset, int length) throws IOException {
        if (length > SIZE - used) {
            drain();
            if (length > SIZE) {
                out.write(bytes, offset, length);
                return;
            }
        }
        System.arraycopy(bytes, offset, buffer, used, length);
        used += length;
    }

    /** Hands what is buffered to the stream (which may buffer it further). */
    void drain() throws IOException {
        if (used > 0) {
            out.write(buffer, 0, used);
            used = 0;
        }
    }
}
