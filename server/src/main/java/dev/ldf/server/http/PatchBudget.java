package dev.ldf.server.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

/**
 * How many decoded bytes of patches the server reads at once. A patch is held in memory from its
 * first row until it is applied (about 3.5 bytes of heap per byte of RDF Patch text), and the
 * overlay then keeps its triples (up to about 5.5 bytes per byte where every term is new), so both
 * one patch and all patches being read together are bounded by the heap; a patch past the bounds
 * is refused while it is read, never after the heap has run out: 413 for one larger than a patch
 * may be, 503 with {@code Retry-After} while others fill the shared budget.
 */
final class PatchBudget {

    /** The documented ceiling of one patch, decoded, whatever the heap. */
    static final long MAX_PATCH_BYTES = 256L << 20;
    /** One patch may be this share of the heap: its changes, then the overlay, hold it about nine times over. */
    private static final int HEAP_SHARE = 32;

    private final long perPatch;
    private final long total;
    private final long maxHeap;
    private final AtomicLong reserved = new AtomicLong();

    PatchBudget(long maxHeap) {
        this.maxHeap = maxHeap;
        this.perPatch = Math.min(MAX_PATCH_BYTES, maxHeap / HEAP_SHARE);
        this.total = 2 * perPatch;
    }

    /** The largest patch, decoded. */
    long perPatch() {
        return perPatch;
    }

    /** One line for the log at start: the limit and where it comes from. */
    String describe() {
        return String.format(Locale.ROOT, "Patches up to %,d MB (decoded)%s", perPatch >> 20,
                perPatch < MAX_PATCH_BYTES ? String.format(Locale.ROOT, ": a thirty-second of the heap (%,d MB); "
                        + "a larger heap (-Xmx) takes patches up to %,d MB", maxHeap >> 20, MAX_PATCH_BYTES >> 20) : "");
    }

    /** Reads {@code in} within the budget; closing the stream gives its bytes back. */
    InputStream reading(InputStream in) {
        return new Counted(in);
    }

    /** Thrown through the parsers when a patch passes the limit of one patch. */
    static final class TooLarge extends RuntimeException {
        private static final long serialVersionUID = 1L;

        TooLarge() {
            super(null, null, false, false);
        }
    }

    /** Thrown through the parsers when the patches being read together would pass the shared budget. */
    static final class Busy extends RuntimeException {
        private static final long serialVersionUID = 1L;

        Busy() {
            super(null, null, false, false);
        }
    }

    HttpError tooLarge() {
        return new HttpError(413, String.format(Locale.ROOT, "A patch may have at most %,d bytes (decoded)%s; send it "
                + "in parts.", perPatch, perPatch < MAX_PATCH_BYTES ? " on this server, whose memory bounds it" : ""), true);
    }

    HttpError busy(int retryAfterSeconds) {
        return new HttpError(503, "Other patches being applied fill this server's memory for patches; retry after "
                + retryAfterSeconds + " s.", true);
    }

    private final class Counted extends FilterInputStream {
        private long read;

        Counted(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                take(1);
            }
            return b;
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n > 0) {
                take(n);
            }
            return n;
        }

        private void take(int n) {
            if (read + n > perPatch) {
                throw new TooLarge();
            }
            if (reserved.addAndGet(n) > total) {
                reserved.addAndGet(-n);
                throw new Busy();
            }
            read += n;
        }

        @Override
        public void close() throws IOException {
            reserved.addAndGet(-read);
            read = 0;
            super.close();
        }
    }
}
