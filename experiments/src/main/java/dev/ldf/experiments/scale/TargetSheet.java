package dev.ldf.experiments.scale;

import java.util.ArrayList;
import java.util.List;

import dev.ldf.experiments.run.Target;

/** The targets the sections state, and whether anything failed that must not (a request, an answer, a count). */
final class TargetSheet {

    private final List<Target> targets = new ArrayList<>();
    private boolean errors;

    void add(Target target) {
        targets.add(target);
    }

    /** Marks the run as having errors where {@code failed}. */
    void failedIf(boolean failed) {
        errors |= failed;
    }

    List<Target> targets() {
        return targets;
    }

    boolean errors() {
        return errors;
    }
}
