package dev.ldf.client.plan;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.shared.PrefixMapping;
import org.apache.jena.sparql.util.FmtUtils;

/**
 * The plan a query ran, as {@code ldf-query --explain} prints it: each step (a pattern's scan or
 * bind join, the TPF algorithm over a basic graph pattern, a part sent to a preemptive endpoint)
 * with the count it was planned by and what it cost: pages read (from the server or the client's
 * page cache), data triples in them, solutions it passed on. Counted as the query runs;
 * thread-safe.
 */
public final class PlanReport {

    /** One step of a plan, each time it runs. */
    public static final class Step {
        private final String how;
        private final String what;
        private final long estimate;
        private final AtomicLong pages = new AtomicLong();
        private final AtomicLong triples = new AtomicLong();
        private final AtomicLong solutions = new AtomicLong();

        private Step(String how, String what, long estimate) {
            this.how = how;
            this.what = what;
            this.estimate = estimate;
        }

        /** A page (of triples, or of solutions) was read, with {@code triples} data triples. */
        public void page(long triples) {
            pages.incrementAndGet();
            this.triples.addAndGet(triples);
        }

        public void solution() {
            solutions.incrementAndGet();
        }

        /** {@code n} solutions at once (a page of them). */
        public void solutions(long n) {
            solutions.addAndGet(n);
        }
    }

    private final List<Step> steps = new ArrayList<>();

    /**
     * A step that starts; {@code estimate} is the count it was ordered by, or -1.
     *
     * @param how  what the step does ("scan", "bind join", "TPF", "preemptive")
     * @param what the pattern or the query part
     */
    public synchronized Step step(String how, String what, long estimate) {
        Step step = new Step(how, what, estimate);
        steps.add(step);
        return step;
    }

    /** The step of one triple pattern. */
    public Step step(String how, Triple pattern, long estimate) {
        return step(how, text(pattern), estimate);
    }

    /** Forgets the steps so far: the next query's plan starts empty. */
    public synchronized void clear() {
        steps.clear();
    }

    /** Prints the plan: a step run several times (once per block of input) on one line, summed. */
    public synchronized void print(PrintStream out) {
        Map<String, List<Step>> merged = new LinkedHashMap<>();
        for (Step s : steps) {
            merged.computeIfAbsent(s.how + "\u0000" + s.what, k -> new ArrayList<>()).add(s);
        }
        out.println("Plan (steps in the order they started; counts summed over their runs):");
        // As wide as the longest step name ("bind join @2/3" with several sources).
        int width = Math.max(10, steps.stream().mapToInt(s -> s.how.length()).max().orElse(0));
        String row = "  %-3s %-" + width + "s %5s %10s %9s %10s %10s  %s%n";
        out.printf(Locale.ROOT, row, "#", "step", "runs", "estimate", "pages", "triples", "solutions", "pattern");
        int n = 0;
        for (List<Step> runs : merged.values()) {
            Step first = runs.get(0);
            long pages = runs.stream().mapToLong(s -> s.pages.get()).sum();
            long triples = runs.stream().mapToLong(s -> s.triples.get()).sum();
            long solutions = runs.stream().mapToLong(s -> s.solutions.get()).sum();
            out.printf(Locale.ROOT, row, ++n, first.how, runs.size(),
                    first.estimate < 0 ? "-" : String.format(Locale.ROOT, "%,d", first.estimate), pages, triples,
                    solutions, first.what);
        }
        if (merged.isEmpty()) {
            out.println("  (no step: the query needed no data)");
        }
        out.flush();
    }

    /** A basic graph pattern as one line. */
    public static String text(List<Triple> patterns) {
        StringBuilder b = new StringBuilder("{ ");
        for (Triple pattern : patterns) {
            b.append(text(pattern)).append(" . ");
        }
        return b.append('}').toString();
    }

    private static String text(Triple pattern) {
        return term(pattern.getSubject()) + " " + term(pattern.getPredicate()) + " " + term(pattern.getObject());
    }

    private static String term(Node node) {
        return FmtUtils.stringForNode(node, PrefixMapping.Standard);
    }
}
