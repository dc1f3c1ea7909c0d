package dev.ldf.endpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.util.Arrays;
import java.util.function.Supplier;

/**
 * A response body whose first bytes are held back: nothing reaches the response (and its status
 * is not committed) until more than the held amount is written or the answer is complete. A query
 * that fails before then is answered with an error status instead of a 200 that stops short; past
 * it, bytes go out in blocks of the held size as they are written, so memory stays flat.
 */
final class HeldOutput extends OutputStream {

    private final Supplier<OutputStream> sink;
    private final byte[] held;
    private int count;
    private OutputStream out;

    /** {@code sink} is opened (the response committed) when the first bytes go out. */
    HeldOutput(Supplier<OutputStream> sink, int heldBytes) {
        this.sink = sink;
        this.held = new byte[heldBytes];
    }

    /** Whether any byte went out: then the status is sent, and a failure can only cut the response. */
    boolean released() {
        return out != null;
    }

    @Override
    public void write(int b) throws IOException {
        if (count == held.length) {
            drain();
        }
        held[count++] = (byte) b;
    }

    @Override
    public void write(byte[] bytes, int offset, int length) throws IOException {
        while (length > 0) {
            if (count == held.length) {
                drain();
            }
            int n = Math.min(length, held.length - count);
            System.arraycopy(bytes, offset, held, count, n);
            count += n;
            offset += n;
            length -= n;
        }
    }

    /** Held bytes stay held: only a full block or {@link #finish} sends them, so that writers' flushes do not commit. */
    @Override
    public void flush() {
        // Deliberately nothing.
    }

    /** Sends what is held and flushes: the answer is complete, or a failure's last line is written. */
    void finish() throws IOException {
        drain();
        out.flush();
    }

    /** Forgets what is held, for an error response instead. */
    void discard() {
        Arrays.fill(held, 0, count, (byte) 0);
        count = 0;
    }

    private void drain() throws IOException {
        if (out == null) {
            out = sink.get();
        }
        out.write(held, 0, count);
        count = 0;
    }
}
