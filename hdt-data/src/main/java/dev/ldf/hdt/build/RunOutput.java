package dev.ldf.hdt.build;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A buffered file of variable-length integers and bytes: the format of every temporary file the
 * builder writes, read back by {@link RunInput}. Not thread-safe.
 */
final class RunOutput implements AutoCloseable {

    private final OutputStream out;
    private final byte[] buffer;
    private int used;
    private long written;

    /** Buffered by 64 KiB: temporary files are read and written sequentially, several at once. */
    RunOutput(Path file) throws IOException {
        this(file, 1 << 16);
    }

    RunOutput(Path file, int bufferSize) throws IOException {
        this.out = Files.newOutputStream(file);
        this.buffer = new byte[bufferSize];
    }

    void writeVarLong(long value) throws IOException {
        if (used + 10 > buffer.length) {
            flushBuffer();
        }
        long v = value;
        while ((v & ~0x7FL) != 0) {
            buffer[used++] = (byte) ((v & 0x7F) | 0x80);
            v >>>= 7;
        }
        buffer[used++] = (byte) v;
    }

    void writeByte(int b) throws IOException {
        if (used == buffer.length) {
            flushBuffer();
        }
        buffer[used++] = (byte) b;
    }

    void write(byte[] bytes, int offset, int length) throws IOException {
        if (length > buffer.length - used) {
            flushBuffer();
            if (length > buffer.length) {
                out.write(bytes, offset, length);
                written += length;
                return;
            }
        }
        System.arraycopy(bytes, offset, buffer, used, length);
        used += length;
    }

    /** Bytes written so far, buffered ones included. */
    long size() {
        return written + used;
    }

    private void flushBuffer() throws IOException {
        out.write(buffer, 0, used);
        written += used;
        used = 0;
    }

    @Override
    public void close() throws IOException {
        try {
            flushBuffer();
        } finally {
            out.close();
        }
    }
}
