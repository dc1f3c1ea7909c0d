package dev.ldf.hdt.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.rdfhdt.hdt.util.BitUtil;

/**
 * An external sort of pairs of non-negative longs, by the first and then the second: pairs fill a
 * buffer, a full buffer is sorted and written as a run on a second thread while the next fills,
 * and {@link #sorted} merges the runs. When both values fit one long together, a buffer is one
 * array of longs, sorted as such.
 */
final class PairRuns implements AutoCloseable {

    /** Sorted pairs, one at a time. */
    interface Cursor {
        /** Moves to the next pair; false at the end. */
        boolean next() throws IOException;

        long first();

        long second();
    }

    private final Path dir;
    private final String name;
    private final int secondBits;
    private final boolean packed;
    private final int capacity;
    private long[] filling;
    private long[] spare;
    private int count;
    private Future<Path> written;
    private final List<Path> runs = new ArrayList<>();
    private final ExecutorService writer = Background.threads(1, "ldf-hdt-pairs");

    /**
     * {@code firstMax} and {@code secondMax} bound the values; {@code capacity} pairs are buffered
     * (twice: one buffer fills while the other is written).
     */
    PairRuns(Path dir, String name, long firstMax, long secondMax, int capacity, boolean allowPacked) {
        this.dir = dir;
        this.name = name;
        this.secondBits = BitUtil.log2(Math.max(1, secondMax));
        this.packed = allowPacked && BitUtil.log2(Math.max(1, firstMax)) + secondBits <= 63;
        this.capacity = capacity;
        this.filling = new long[packed ? capacity : 2 * capacity];
        this.spare = new long[filling.length];
    }

    void add(long first, long second) throws IOException {
        if (count == capacity) {
            flush();
        }
        if (packed) {
            filling[count] = first << secondBits | second;
        } else {
            filling[2 * count] = first;
            filling[2 * count + 1] = second;
        }
        count++;
    }

    private void flush() throws IOException {
        if (count == 0) {
            return;
        }
        awaitWritten();
        long[] full = filling;
        int n = count;
        filling = spare;
        spare = full;
        count = 0;
        Path file = dir.resolve(name + "-" + runs.size() + ".pairs");
        written = writer.submit(() -> write(full, n, file));
    }

    private Path write(long[] pairs, int n, Path file) throws IOException {
        long mask = (1L << secondBits) - 1;
        if (packed) {
            Arrays.sort(pairs, 0, n);
        } else {
            PairOrder.sort(pairs, n);
        }
        try (RunOutput out = new RunOutput(file)) {
            out.writeVarLong(n);
            long lastFirst = 0;
            for (int i = 0; i < n; i++) {
                long first = packed ? pairs[i] >>> secondBits : pairs[2 * i];
                long second = packed ? pairs[i] & mask : pairs[2 * i + 1];
                out.writeVarLong(first - lastFirst);
                out.writeVarLong(second);
                lastFirst = first;
            }
        }
        return file;
    }

    private void awaitWritten() throws IOException {
        if (written == null) {
            return;
        }
        try {
            runs.add(Background.await(written, "sorting"));
        } finally {
            written = null;
        }
    }

    /** All pairs added, in order; the buffers are let go. */
    Cursor sorted() throws IOException {
        flush();
        awaitWritten();
        filling = null;
        spare = null;
        PriorityQueue<RunCursor> queue = new PriorityQueue<>(Math.max(1, runs.size()), RunCursor::compareTo);
        for (Path run : runs) {
            RunCursor c = new RunCursor(run);
            if (c.next()) {
                queue.add(c);
            }
        }
        return new Cursor() {
            private long first;
            private long second;

            @Override
            public boolean next() throws IOException {
                RunCursor c = queue.poll();
                if (c == null) {
                    return false;
                }
                first = c.first;
                second = c.second;
                if (c.next()) {
                    queue.add(c);
                }
                return true;
            }

            @Override
            public long first() {
                return first;
            }

            @Override
            public long second() {
                return second;
            }
        };
    }

    private static final class RunCursor {
        private final Path file;
        private final RunInput in;
        private long remaining;
        long first;
        long second;

        RunCursor(Path file) throws IOException {
            this.file = file;
            this.in = new RunInput(file);
            this.remaining = in.readVarLong();
        }

        boolean next() throws IOException {
            if (remaining == 0) {
                in.close();
                Files.deleteIfExists(file);
                return false;
            }
            remaining--;
            first += in.readVarLong();
            second = in.readVarLong();
            return true;
        }

        int compareTo(RunCursor other) {
            int c = Long.compare(first, other.first);
            return c != 0 ? c : Long.compare(second, other.second);
        }
    }

    @Override
    public void close() {
        writer.shutdownNow();
        for (Path run : runs) {
            try {
                Files.deleteIfExists(run);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
