package dev.ldf.watdiv.generate;

import java.util.Locale;

/** A progress line on standard error at most every two seconds while triples stream by. */
public final class TripleProgress {
    private final long start;
    private long count;
    private long last;

    public TripleProgress(long start) {
        this.start = start;
        this.last = start;
    }

    public void tick() {
        if (++count % 100_000 == 0) {
            long now = System.nanoTime();
            if (now - last > 2_000_000_000L) {
                last = now;
                System.err.printf(Locale.ROOT, "[%6.1fs] %,d triples (%,.0f/s)%n", (now - start) / 1e9, count,
                        count / ((now - start) / 1e9));
            }
        }
    }
}
