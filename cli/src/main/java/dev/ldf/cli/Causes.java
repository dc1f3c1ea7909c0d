package dev.ldf.cli;

import java.util.Optional;
import java.util.function.Predicate;

/**
 * A failure and its causes, walked the one way: from the failure down, stopping at a throwable
 * that is its own cause and after {@value #MAX_DEPTH} links, so that a cycle of causes, which a
 * library may build, cannot loop.
 */
public final class Causes {

    static final int MAX_DEPTH = 64;

    private Causes() {}

    /** The first of {@code failure} and its causes that {@code test} accepts, if any. */
    public static Optional<Throwable> find(Throwable failure, Predicate<Throwable> test) {
        Throwable t = failure;
        for (int depth = 0; t != null && depth < MAX_DEPTH; depth++) {
            if (test.test(t)) {
                return Optional.of(t);
            }
            t = t.getCause() == t ? null : t.getCause();
        }
        return Optional.empty();
    }

    /** The first of {@code failure} and its causes that is a {@code type}, if any. */
    public static <T extends Throwable> Optional<T> find(Throwable failure, Class<T> type) {
        return find(failure, type::isInstance).map(type::cast);
    }

    /** Whether {@code failure} or one of its causes is a {@code type}. */
    public static boolean has(Throwable failure, Class<? extends Throwable> type) {
        return find(failure, type).isPresent();
    }

    /** The deepest cause of {@code failure} (itself when it has none). */
    public static Throwable root(Throwable failure) {
        Throwable t = failure;
        for (int depth = 0; depth < MAX_DEPTH && t.getCause() != null && t.getCause() != t; depth++) {
            t = t.getCause();
        }
        return t;
    }
}
