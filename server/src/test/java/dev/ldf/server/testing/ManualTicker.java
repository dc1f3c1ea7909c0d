package dev.ldf.server.testing;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import com.github.benmanes.caffeine.cache.Ticker;

/** Time that passes only when a test moves it: no test waits for a clock. Thread-safe. */
public final class ManualTicker implements Ticker {

    private final AtomicLong nanos = new AtomicLong();

    @Override
    public long read() {
        return nanos.get();
    }

    public void advance(Duration time) {
        nanos.addAndGet(time.toNanos());
    }
}
