package dev.ldf.experiments.scale;

import java.util.ArrayList;
import java.util.List;

import dev.ldf.experiments.run.Target;

/** The targets the sections state, and whether anything failed that must not (a request, an answer, a count). */
final class TargetSheet {

    private final List<Target> targets = new ArrayList<>();
    private final List<String> errors = new ArrayList<>();

    void add(Target target) {
        targets.add(target);
    }

    /** Marks the run as having errors where {@code failed}, saying what failed. */
    void failedIf(boolean failed, String what) {
        if (failed) {
            errors.add(what);
        }
    }

    List<Target> targets() {
        return targets;
    }

    /** What failed that must not, one line each; empty when nothing did. */
    List<String> errors() {
        return List.copyOf(errors);
    }
}
