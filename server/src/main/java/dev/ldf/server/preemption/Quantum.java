package dev.ldf.server.preemption;

import dev.ldf.server.hdt.ResumableScan;

/**
 * The time one request may spend on a query: checked before every row a scan reads. Once spent it
 * stays spent, so every scan of the plan stops where it stands. A row budget makes suspensions
 * happen at exact points, which tests use.
 */
final class Quantum implements ResumableScan.Budget {

    /** Rows between two reads of the clock: a clock read costs about as much as a row. */
    private static final int CLOCK_EVERY = 16;

    private final long deadline;
    private long rowsLeft;
    private int untilClock;
    private boolean spent;
    private long rows;

    private Quantum(long deadline, long rowsLeft) {
        this.deadline = deadline;
        this.rowsLeft = rowsLeft;
        // The first rows never wait for the clock: every quantum makes some progress.
        this.untilClock = CLOCK_EVERY;
    }

    /** Ends {@code nanos} from now. */
    static Quantum ofNanos(long nanos) {
        return new Quantum(System.nanoTime() + nanos, Long.MAX_VALUE);
    }

    /** Ends after {@code rows} rows, whatever the time. */
    static Quantum ofRows(long rows) {
        return new Quantum(System.nanoTime() + Long.MAX_VALUE / 2, rows);
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
            if (System.nanoTime() - deadline >= 0) {
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
