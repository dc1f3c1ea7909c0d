package dev.ldf.hdt.convert;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.concurrent.atomic.AtomicLong;

/** Counts the bytes read from a file, for progress as a share of its size; the parser reads on its own thread. */
final class CountingInputStream extends FilterInputStream {

    private final AtomicLong count;

    CountingInputStream(InputStream in, AtomicLong count) {
        super(in);
        this.count = count;
    }

    @Override
    public int read() throws IOException {
        int b = super.read();
        if (b >= 0) {
            count.incrementAndGet();
        }
        return b;
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = super.read(buffer, offset, length);
        if (n > 0) {
            count.addAndGet(n);
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        long skipped = super.skip(n);
        count.addAndGet(skipped);
        return skipped;
    }
}
