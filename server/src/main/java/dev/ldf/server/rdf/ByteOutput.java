package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.OutputStream;

/**
 * A byte buffer in front of a response stream, without the locking of
 * {@link java.io.BufferedOutputStream}: one request thread writes it. Not thread-safe.
 */
final class ByteOutput {
    /** Enough for a page of a fragment. */
    static final int PAGE_SIZE = 16 * 1024;

    private final OutputStream out;
    private final byte[] buffer;
    private int used;

    ByteOutput(OutputStream out) {
        this(out, PAGE_SIZE);
    }

    ByteOutput(OutputStream out, int size) {
        this.out = out;
        this.buffer = new byte[size];
    }

    void write(int b) throws IOException {
        if (used == buffer.length) {
            drain();
        }
        buffer[used++] = (byte) b;
    }

    void write(byte[] bytes) throws IOException {
        write(bytes, 0, bytes.length);
    }

    void write(byte[] bytes, int offset, int length) throws IOException {
        if (length > buffer.length - used) {
            drain();
            if (length > buffer.length) {
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
