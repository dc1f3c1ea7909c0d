package dev.ldf.server.fragment;

/**
 * The number of triples in a fragment as a client is told it.
 *
 * <p>{@code exact} counts are the true size. Estimates are upper bounds that are never 0:
 * a fragment is reported empty only when it is known to be empty.
 */
public record Count(long value, boolean exact) {

    public static final Count ZERO = new Count(0, true);

    public Count {
        if (value < 0) {
            throw new IllegalArgumentException("negative count " + value);
        }
        if (value == 0 && !exact) {
            throw new IllegalArgumentException("an estimate of 0 would claim the fragment is empty");
        }
    }

    public static Count exact(long value) {
        return new Count(value, true);
    }

    public static Count estimate(long value) {
        return new Count(value, false);
    }

    /** The pages of {@code pageSize} triples this many fill, at least one (an empty fragment has its one page). */
    public long pages(int pageSize) {
        return Math.max(1, (value + pageSize - 1) / pageSize);
    }
}
