package dev.ldf.experiments.preemption;

import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.ldf.experiments.preemption.PreemptionReport.ClientFigures;
import dev.ldf.experiments.preemption.PreemptionReport.ConvoyFigures;
import dev.ldf.experiments.preemption.PreemptionReport.QuantumFigures;
import dev.ldf.experiments.preemption.PreemptionReport.SequenceFigures;
import dev.ldf.experiments.run.Configuration;

/** {@code summary.md} of the fourth experiment: what the figures show, beside SaGe's. */
final class PreemptionSummary {

    /** Below this server CPU (in cores) during the loaded round, the convoy part hardly loads the server. */
    private static final double LIGHT_LOAD_CORES = 0.5;

    private final PreemptionExperiment.Settings settings;
    private final PreemptionExperiment.Results results;
    private final PreemptionReport report;

    PreemptionSummary(PreemptionExperiment.Settings settings, PreemptionExperiment.Results results,
            PreemptionReport report) {
        this.settings = settings;
        this.results = results;
        this.report = report;
    }

    String markdown(String setup) {
        StringBuilder md = new StringBuilder("# Experiment 4: Web preemption beside TPF and brTPF\n\n");
        md.append(setup).append("\n\n");
        md.append("## In short\n\n").append(inShort()).append("\n\n");
        sequenceTable(md);
        sageTable(md);
        clientsTable(md);
        convoyTable(md);
        quantaTable(md);
        md.append("## Where each wins\n\n")
                .append("The preemptive endpoint evaluates the whole query on the server, so that a query costs few ")
                .append("requests and little data, and no query can hold the server longer than one quantum. Its ")
                .append("answers depend on timing (`Cache-Control: no-store`): two clients running the same query ")
                .append("both cost the server the whole evaluation. brTPF's pages are plain HTTP resources that ")
                .append("nginx caches and serves again (see the throughput and cache-hit experiments), and the ")
                .append("server's work per request is one bounded index lookup; the joins' cost lands on the ")
                .append("clients. A deployment offers both on the same data: clients pick per query.\n");
        return md.toString();
    }

    private String inShort() {
        Configuration pre = settings.preemptive();
        SequenceFigures p = report.sequence(pre);
        StringBuilder s = new StringBuilder();
        s.append(String.format(Locale.ROOT, "With one client and %d ms quanta, the preemptive endpoint needs a median of "
                + "%s and a mean of %s requests per query over the %d queries (SaGe's own figures: 1 and 5.8)",
                pre.quantumMillis(), number(p.medianRequests()), number(p.meanRequests()), p.queries()));
        sequence(settings.brtpf()).ifPresent(b -> s.append(String.format(Locale.ROOT, ", against %s and %s for %s",
                number(b.medianRequests()), number(b.meanRequests()), b.configuration().label())));
        tpf().ifPresent(t -> s.append(String.format(Locale.ROOT, " and %s and %s for TPF (SaGe measured 689 and 1,892)",
                number(t.medianRequests()), number(t.meanRequests()))));
        s.append(String.format(Locale.ROOT, ". The whole sequence takes %s s", p.seconds().format("%.2f")));
        sequence(settings.brtpf()).ifPresent(b -> s.append(String.format(Locale.ROOT, " against %s s with %s (%s)",
                b.seconds().format("%.2f"), b.configuration().label(),
                p.seconds().median() < b.seconds().median() ? "faster" : "slower")));
        tpf().ifPresent(t -> s.append(String.format(Locale.ROOT, " and %s s with TPF", t.seconds().format("%.1f"))));
        s.append(String.format(Locale.ROOT, " (median of %d repeats, min–max); first results come after %s ms on average",
                settings.repeats(), p.meanFirstMillis().format("%.1f")));
        sequence(settings.brtpf()).ifPresent(b -> s.append(String.format(Locale.ROOT, " (%s: %s ms)",
                b.configuration().label(), b.meanFirstMillis().format("%.1f"))));
        s.append(". ");
        int most = settings.clientCounts().stream().max(Integer::compare).orElse(1);
        ClientFigures pc = report.clients(pre, most);
        ClientFigures bc = report.clients(settings.brtpf(), most);
        s.append(String.format(Locale.ROOT, "With %d clients running the sequence at once, a query takes %s ms on "
                + "average with the preemptive endpoint against %s ms with %s; first results after %s against %s ms. ",
                most, pc.meanMillis().format("%.0f"), bc.meanMillis().format("%.0f"), settings.brtpf().label(),
                pc.meanFirstMillis().format("%.0f"), bc.meanFirstMillis().format("%.0f")));
        ConvoyFigures pv = report.convoy(pre);
        ConvoyFigures bv = report.convoy(settings.brtpf());
        s.append(String.format(Locale.ROOT, "While %d clients run the longest queries, made heavy for the server (a "
                + "filter that no solution passes), the short queries' p95 latency is "
                + "%.1f× their p95 on an idle server with the preemptive endpoint (%.1f against %.1f ms; the target was "
                + "at most 2×%s) and %.1f× with %s; the server's own part of it (queueing and running) has a p95 of "
                + "%.1f ms loaded against %.1f ms idle; meanwhile the long queries' clients completed %,d queries and "
                + "the server used %.2f cores%s. ", settings.longClients(), pv.ratio(), pv.loadedP95(),
                pv.idleP95(), pv.ratio() <= 2 ? ", met" : ", missed", bv.ratio(), settings.brtpf().label(),
                pv.serverLoadedP95(), pv.serverIdleP95(), report.load(pre).longQueries(), report.load(pre).serverCores(),
                report.load(pre).serverCores() < LIGHT_LOAD_CORES ? ": a light load, so this part does not put the "
                        + "server's fairness to the test" : ""));
        if (settings.complete() != null) {
            Configuration whole = settings.complete();
            ClientFigures wc = report.clients(whole, most);
            ConvoyFigures wv = report.convoy(whole);
            s.append(String.format(Locale.ROOT, "Read as standard SPARQL clients read it (%s: the whole query in one "
                    + "request, its complete answer streamed across quanta, each quantum queued as any other), the "
                    + "endpoint takes %s ms per query on average with %d clients against %s ms a quantum at a time "
                    + "(%s), first results after %s against %s ms; with the long queries running, the short queries' "
                    + "p95 is %.1f× idle (%.1f against %.1f ms) against %.1f× a quantum at a time, and the long "
                    + "queries' clients completed %,d queries against %,d. ", whole.label(),
                    wc.meanMillis().format("%.0f"), most, pc.meanMillis().format("%.0f"),
                    wc.meanMillis().median() <= pc.meanMillis().median() ? "no slower" : "slower",
                    wc.meanFirstMillis().format("%.0f"), pc.meanFirstMillis().format("%.0f"), wv.ratio(),
                    wv.loadedP95(), wv.idleP95(), pv.ratio(), report.load(whole).longQueries(),
                    report.load(pre).longQueries()));
        }
        quantum(PreemptionExperiment.CLIENTS, pre.label(), most).ifPresent(q -> s.append(String.format(Locale.ROOT,
                "Under %d clients, a request holds its place for at most %.1f ms at the 99th percentile (quantum %d ms; "
                        + "target quantum + 5 ms: %s), and waits up to %.1f ms for one (p99). ", most, q.heldP99(),
                pre.quantumMillis(), q.heldP99() <= pre.quantumMillis() + PreemptionReport.QUANTUM_SLACK_MS ? "met"
                        : "missed", q.waitP99())));
        quantum(PreemptionExperiment.SEQUENCE, pre.label(), 1).ifPresent(q -> s.append(String.format(Locale.ROOT,
                "At %d ms, %,d of the %,d suspensions came from the quantum's time, the others from the limit of %,d "
                        + "solutions per answer (the longest request held its place %.1f ms). ", pre.quantumMillis(),
                q.suspendedByTime(), q.suspended(), settings.maxResults(), q.heldMax())));
        settings.sequence().stream().filter(Configuration::isPreemptive).min(
                        Comparator.comparingInt(Configuration::quantumMillis))
                .filter(c -> c.quantumMillis() < pre.quantumMillis())
                .flatMap(c -> quantum(PreemptionExperiment.SEQUENCE, c.label(), 1).map(q -> String.format(Locale.ROOT,
                        "At %d ms, %,d of %,d answers were suspended by time and a request held its place %.1f ms at "
                                + "the 99th percentile (%.1f ms at most). ", c.quantumMillis(), q.suspendedByTime(),
                        q.answers(), q.heldP99(), q.heldMax())))
                .ifPresent(s::append);
        quantum(PreemptionExperiment.SEQUENCE, pre.label(), 1).ifPresent(q -> s.append(String.format(Locale.ROOT,
                "Resuming takes %.2f ms and suspending %.2f ms (medians; SaGe: about 1.5 and 1 ms); a token is %.0f "
                        + "bytes (median, largest %.0f; SaGe's saved plans: about 1.7 KB). ", q.resumeMedian(),
                q.suspendMedian(), q.tokenMedian(), q.tokenMax())));
        long wrong = results.runs().stream().filter(r -> r.mismatch() || !r.measurement().completed()).count();
        s.append(wrong == 0 ? "Every query's result count equals ARQ's over the same HDT file in every run, at every quantum."
                : String.format(Locale.ROOT, "%d runs failed, timed out or disagreed with ARQ (see `queries.csv.gz`).", wrong));
        return s.toString();
    }

    private Optional<SequenceFigures> sequence(Configuration c) {
        return settings.sequence().contains(c) ? Optional.of(report.sequence(c)) : Optional.empty();
    }

    private Optional<SequenceFigures> tpf() {
        return settings.sequence().stream().filter(Configuration::isTpf).findFirst().map(report::sequence);
    }

    private Optional<QuantumFigures> quantum(String part, String configuration, int clients) {
        return report.quanta().stream().filter(q -> q.part().equals(part) && q.configuration().equals(configuration)
                && q.clients() == clients).findFirst();
    }

    private static String millis(double value) {
        return Double.isNaN(value) ? "–" : String.format(Locale.ROOT, "%.1f", value);
    }

    private static String number(double value) {
        return value == Math.rint(value) ? String.format(Locale.ROOT, "%,.0f", value)
                : String.format(Locale.ROOT, "%,.1f", value);
    }

    private void sequenceTable(StringBuilder md) {
        md.append("## One client, the whole sequence\n\n")
                .append(String.format(Locale.ROOT, "Sums over the sequence are medians of %d repeats with min–max; "
                        + "requests per query are over every repeat. Plots: `cdf-requests`, `cdf-time`, "
                        + "`cdf-first-result`.%n%n", settings.repeats()))
                .append("| configuration | completed | wrong | requests per query: median | mean | requests | MB | ")
                .append("time (s) | first result (ms): mean | median |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Configuration c : settings.sequence()) {
            SequenceFigures f = report.sequence(c);
            md.append(String.format(Locale.ROOT, "| %s | %d/%d | %d | %s | %s | %s | %s | %s | %s | %s |%n", c.label(),
                    f.completed(), f.completed() + f.failures(), f.mismatches(), number(f.medianRequests()),
                    number(f.meanRequests()), f.requests().format("%,.0f"), f.megabytes().format("%.2f"),
                    f.seconds().format("%.2f"), f.meanFirstMillis().format("%.1f"), f.medianFirstMillis().format("%.1f")));
        }
        md.append('\n');
    }

    private void sageTable(StringBuilder md) {
        Configuration pre = settings.preemptive();
        SequenceFigures p = report.sequence(pre);
        md.append("## Beside SaGe's published figures\n\n")
                .append("SaGe: Minier, Skaf-Molli and Molli, WWW 2019, WatDiv with 10M triples, one client, 75 ms ")
                .append("quantum. Here: this project's WatDiv generator at the scale factor above, one client.\n\n")
                .append("| figure | SaGe | here |\n|---|---:|---:|\n")
                .append(String.format(Locale.ROOT, "| preemptive requests per query, median (%d ms) | 1 | %s |%n",
                        pre.quantumMillis(), number(p.medianRequests())))
                .append(String.format(Locale.ROOT, "| preemptive requests per query, mean | 5.8 | %s |%n",
                        number(p.meanRequests())));
        tpf().ifPresent(t -> md.append(String.format(Locale.ROOT,
                "| TPF requests per query, median | 689 | %s |%n| TPF requests per query, mean | 1,892 | %s |%n",
                number(t.medianRequests()), number(t.meanRequests()))));
        quantum(PreemptionExperiment.SEQUENCE, pre.label(), 1).ifPresent(q -> md.append(String.format(Locale.ROOT,
                "| resume (ms, median; p95) | ~1.5 | %.2f; %.2f |%n| suspend (ms, median; p95) | ~1 | %.2f; %.2f |%n"
                        + "| saved plan / token (bytes, median; largest) | ~1,700 | %.0f; %.0f |%n",
                q.resumeMedian(), q.resumeP95(), q.suspendMedian(), q.suspendP95(), q.tokenMedian(), q.tokenMax())));
        md.append("\nResuming here includes checking the token's signature and rebuilding the plan from the query; ")
                .append("suspending includes saving and signing the plan. Parsing the query, which every request ")
                .append("pays, is reported apart (`parse_ms` in `quanta.csv.gz`).\n\n");
    }

    private void clientsTable(StringBuilder md) {
        md.append("## Concurrent clients\n\n")
                .append("Every client runs the whole sequence in an order of its own, all starting together; clients ")
                .append("and server share the machine's cores. Medians of the repeats with min–max. Plots: ")
                .append("`clients-completion`, `clients-first-result`.\n\n")
                .append("| clients | configuration | completed | wrong | retries (503) | mean time per query (ms) | ")
                .append("mean time to first result (ms) | wall time (s) |\n|---:|---|---:|---:|---:|---:|---:|---:|\n");
        for (int n : settings.clientCounts()) {
            for (Configuration c : settings.contenders()) {
                ClientFigures f = report.clients(c, n);
                md.append(String.format(Locale.ROOT, "| %d | %s | %d/%d | %d | %d | %s | %s | %s |%n", n, c.label(),
                        f.completed(), f.completed() + f.failures(), f.mismatches(), f.retries(),
                        f.meanMillis().format("%.1f"), f.meanFirstMillis().format("%.1f"),
                        f.wallSeconds().format("%.1f")));
            }
        }
        md.append('\n');
    }

    private void convoyTable(StringBuilder md) {
        md.append("## Convoy effect\n\n")
                .append(String.format(Locale.ROOT, "The %d queries the preemptive endpoint answered in one quantum and "
                        + "no slower than their median (the short ones) run %d times by one client that pauses %d ms after "
                        + "each, as a user would, on an idle server, "
                        + "then %d times while %d other clients keep running the %d longest queries (%s), each with a "
                        + "filter that no solution passes: the preemptive endpoint computes every solution and sends "
                        + "none, which makes these queries as long for the server as they can be; brTPF's clients "
                        + "fetch the solutions and filter them themselves. A server process of its own, with %d "
                        + "place(s) to run quanta (the default on a machine of that many cores), has all CPUs but "
                        + "the last to itself; the clients share the last, the long queries' ones in a process of their own at "
                        + "the lowest priority, so that they use only the CPU time the client measured leaves (the "
                        + "same placement idle and loaded), as if they ran on other machines.%n%n",
                        results.shortQueries().size(), settings.shortRounds(),
                        PreemptionExperiment.SHORT_QUERY_PAUSE.toMillis(), settings.shortRounds(),
                        settings.longClients(), results.longQueries().size(), String.join(", ", results.longQueries()),
                        PreemptionExperiment.CONVOY_SERVER_CPUS))
                .append("| configuration | idle: median (ms) | p95 | loaded: median | p95 | p95 loaded / idle | ")
                .append("server's part, p95: idle | loaded | load: long queries completed | server CPU (cores) |\n")
                .append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Configuration c : settings.contenders()) {
            ConvoyFigures f = report.convoy(c);
            PreemptionExperiment.Load load = report.load(c);
            md.append(String.format(Locale.ROOT, "| %s | %.1f | %.1f | %.1f | %.1f | %.2f | %s | %s | %,d in %.1f s | "
                            + "%.2f |%n", c.label(), f.idleMedian(), f.idleP95(), f.loadedMedian(), f.loadedP95(),
                    f.ratio(), millis(f.serverIdleP95()), millis(f.serverLoadedP95()), load.longQueries(), load.seconds(),
                    load.serverCores()));
        }
        md.append("\nThe server's part is the time a short query's request queued for a place and held it ")
                .append("(`Server-Timing`); the rest of its latency is the client's work and the HTTP exchange. The ")
                .append("load columns say how much the long queries' clients made the server work meanwhile.\n\n");
    }

    private void quantaTable(StringBuilder md) {
        md.append("## The preemptive endpoint's answers\n\n")
                .append("Server time per request from its `Server-Timing` header: *held* is the time a request held ")
                .append("a place to run (resume, run, suspend), which the quantum bounds; *wait* is the time it queued ")
                .append("for one. Plot: `quantum-time`.\n\n")
                .append("| part | configuration | clients | answers | suspended | by time | held (ms): median | p99 | ")
                .append("max | wait p99 | resume median | suspend median | token bytes: median | largest |\n")
                .append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (QuantumFigures f : report.quanta()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %d | %,d | %,d | %,d | %.1f | %.1f | %.1f | %.1f | %.2f | "
                            + "%.2f | %.0f | %.0f |%n", f.part(), f.configuration(), f.clients(), f.answers(), f.suspended(),
                    f.suspendedByTime(), f.heldMedian(), f.heldP99(), f.heldMax(), f.waitP99(), f.resumeMedian(),
                    f.suspendMedian(), f.tokenMedian(), f.tokenMax()));
        }
        md.append('\n');
    }
}
