package dev.ldf.hdt.build;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Reads what a {@link RunOutput} wrote. Not thread-safe. */
final class RunInput implements AutoCloseable {

    private final InputStream in;
    private final byte[] buffer;
    private int position;
    private int limit;

    /** Buffered by 64 KiB: temporary files are read and written sequentially, several at once. */
    RunInput(Path file) throws IOException {
        this(file, 1 << 16);
    }

    RunInput(Path file, int bufferSize) throws IOException {
        this.in = Files.newInputStream(file);
        this.buffer = new byte[bufferSize];
    }

    long readVarLong() throws IOException {
        if (limit - position >= 10) {
            // The common case, without a refill check per byte.
            long value = 0;
            int shift = 0;
            byte b;
            do {
                b = buffer[position++];
                value |= (long) (b & 0x7F) << shift;
                shift += 7;
            } while (b < 0);
            return value;
        }
        long value = 0;
        int shift = 0;
        int b;
        do {
            b = readByte();
            value |= (long) (b & 0x7F) << shift;
            shift += 7;
        } while ((b & 0x80) != 0);
        return value;
    }

    int readByte() throws IOException {
        if (position == limit && !fill()) {
            throw new EOFException("temporary file ends early");
        }
        return buffer[position++] & 0xFF;
    }

    void readFully(byte[] into, int offset, int length) throws IOException {
        int done = 0;
        while (done < length) {
            if (position == limit && !fill()) {
                throw new EOFException("temporary file ends early");
            }
            int n = Math.min(length - done, limit - position);
            System.arraycopy(buffer, position, into, offset + done, n);
            position += n;
            done += n;
        }
    }

    private boolean fill() throws IOException {
        int n = in.read(buffer, 0, buffer.length);
        if (n <= 0) {
            return false;
        }
        position = 0;
        limit = n;
        return true;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
