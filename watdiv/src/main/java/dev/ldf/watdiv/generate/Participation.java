package dev.ldf.watdiv.generate;

import java.util.SplittableRandom;

/**
 * Which eligible subjects take part in one row: exactly round(probability x eligible) of them,
 * chosen while streaming (selection sampling, Knuth's Algorithm S), so that a row's count does
 * not wander with chance. Participants draw their object counts from jittered strata of the
 * count distribution, shuffled, so that the counts follow the distribution's shape exactly.
 */
final class Participation {
    private long needed;
    private long remaining;
    private final int[] strata;
    private int next;

    Participation(long eligible, double probability, SplittableRandom shuffle) {
        this.remaining = eligible;
        this.needed = Math.round(probability * eligible);
        this.strata = Sampler.permutation((int) needed, shuffle);
    }

    /** Decides for the next eligible subject, with that subject's random draws. */
    boolean select(SplittableRandom random) {
        boolean selected = remaining > 0 && random.nextDouble() * remaining < needed;
        remaining--;
        if (selected) {
            needed--;
        }
        return selected;
    }

    /** The quantile of the next participant's count draw: its stratum, jittered. */
    double nextQuantile(SplittableRandom random) {
        int stratum = next < strata.length ? strata[next++] : random.nextInt(Math.max(1, strata.length));
        return (stratum + random.nextDouble()) / Math.max(1, strata.length);
    }
}
