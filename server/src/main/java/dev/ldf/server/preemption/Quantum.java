package dev.ldf.server.preemption;

import java.util.function.BooleanSupplier;

import com.github.benmanes.caffeine.cache.Ticker;

/**
 * The time one request may spend on a query: checked before every row a scan reads. Once spent it
 * stays spent, so every scan of the plan stops where it stands. A row budget makes suspensions
 * happen at exact points, which tests use. A quantum may also end early, once it has run a
 * shorter time, while other requests wait for a place: under contention quanta shrink, so that a
 * waiting query starts soon whatever holds the places. Time is the {@link Ticker}'s: the system's
 * in a server, one that tests move themselves.
 */
final class Quantum implements ResumableScan.Budget {

    /** Rows between two reads of the clock: a clock read costs about as much as a row. */
    private static final int CLOCK_EVERY = 16;

    private static final BooleanSupplier NEVER = () -> false;

    private final Ticker ticker;
    private final long deadline;
    private final long contendedDeadline;
    private final BooleanSupplier contended;
    private long rowsLeft;
    private int untilClock;
    private boolean spent;
    private long rows;

    private Quantum(Ticker ticker, long deadline, long contendedDeadline, BooleanSupplier contended, long rowsLeft) {
        this.ticker = ticker;
        this.deadline = deadline;
        this.contendedDeadline = contendedDeadline;
        this.contended = contended;
        this.rowsLeft = rowsLeft;
        // The first rows never wait for the clock: every quantum makes some progress.
        this.untilClock = CLOCK_EVERY;
    }

    /** Ends {@code nanos} from now. */
    static Quantum ofNanos(Ticker ticker, long nanos) {
        long deadline = ticker.read() + nanos;
        return new Quantum(ticker, deadline, deadline, NEVER, Long.MAX_VALUE);
    }

    /** Ends {@code nanos} from now, or {@code contendedNanos} from now if {@code contended} says so then. */
    static Quantum ofNanos(Ticker ticker, long nanos, long contendedNanos, BooleanSupplier contended) {
        long now = ticker.read();
        return new Quantum(ticker, now + nanos, now + Math.min(nanos, contendedNanos), contended, Long.MAX_VALUE);
    }

    /** Ends after {@code rows} rows, whatever the time. */
    static Quantum ofRows(long rows) {
        long never = Long.MAX_VALUE / 2;
        return new Quantum(() -> 0, never, never, NEVER, rows);
    }

    @Override
    public boolean spend() {
        if (spent) {
            return false;
        }
        if (rowsLeft-- <= 0) {
            spent = true;
            return false;
        }
        if (--untilClock <= 0) {
            untilClock = CLOCK_EVERY;
            long now = ticker.read();
            if (now - deadline >= 0 || now - contendedDeadline >= 0 && contended.getAsBoolean()) {
                spent = true;
                return false;
            }
        }
        rows++;
        return true;
    }

    boolean spent() {
        return spent;
    }

    /** Rows read under this quantum. */
    long rows() {
        return rows;
    }
}
