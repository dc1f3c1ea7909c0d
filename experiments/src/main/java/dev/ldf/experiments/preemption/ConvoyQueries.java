package dev.ldf.experiments.preemption;

import java.util.Comparator;
import java.util.List;

import dev.ldf.experiments.preemption.PreemptionExperiment.Run;
import dev.ldf.experiments.run.Spread;
import dev.ldf.watdiv.workload.Workload;

/**
 * The convoy part's queries, chosen from how the preemptive endpoint ran the first repeat of the
 * sequence (its runs given): the long ones it suspended, the short ones it answered in one quantum.
 */
final class ConvoyQueries {

    private ConvoyQueries() {}

    /**
     * The queries the preemptive endpoint took longest over in the first repeat of the sequence:
     * those it suspended, longest first, at most {@code count} of them (the slowest
     * completed ones if it suspended none).
     */
    static List<String> longest(List<Run> firstRepeat, int count) {
        List<Run> first = firstRepeat.stream()
                .filter(r -> r.measurement().completed()).toList();
        List<Run> suspended = first.stream().filter(r -> r.measurement().traffic().suspensions() > 0).toList();
        return (suspended.isEmpty() ? first : suspended).stream()
                .sorted(Comparator.comparingLong((Run r) -> r.measurement().nanos()).reversed())
                .limit(count).map(Run::query).toList();
    }

    /** The queries answered in one quantum, in no more than the median time of those. */
    static List<String> shortest(List<Run> firstRepeat, List<String> longQueries) {
        List<Run> one = firstRepeat.stream()
                .filter(r -> r.measurement().completed() && r.measurement().traffic().quanta() == 1
                        && !longQueries.contains(r.query()))
                .toList();
        double median = Spread.quantile(one.stream().mapToDouble(r -> r.measurement().nanos()).toArray(), 0.5);
        return one.stream().filter(r -> r.measurement().nanos() <= median).map(Run::query).distinct().toList();
    }

    static List<Workload.Entry> select(List<Workload.Entry> sequence, List<String> names) {
        return sequence.stream().filter(q -> names.contains(q.name())).toList();
    }
}
