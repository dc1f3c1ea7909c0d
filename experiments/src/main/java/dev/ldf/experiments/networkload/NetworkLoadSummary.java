package dev.ldf.experiments.networkload;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import dev.ldf.experiments.networkload.NetworkLoadReport.Comparison;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.Spread;

/** Experiment 1's {@code summary.md}: the sums, per query, without the dominating query, and next to the paper's. */
final class NetworkLoadSummary {

    private NetworkLoadSummary() {}

    /** The paper's sums for 145 queries over WatDiv 10M at page size 100 (Hartig and Buil-Aranda 2016, section 5). */
    private static final Map<String, long[]> PAPER = Map.of(
            "TPF", new long[] {310_000, 1_414_000},
            "brTPF-5", new long[] {131_000, 1_126_000},
            "brTPF-50", new long[] {20_000, 756_000});

    static String markdown(NetworkLoadReport r, String setup) {
        StringBuilder md = new StringBuilder();
        md.append("# Experiment 1: network load of one client\n\n").append(setup).append("\n\n");
        md.append(summary(r)).append("\n\n");
        md.append("Sums over the sequence. *data* are the triples that match a request's pattern, *metadata* the ")
                .append("counts, links and forms around them (the paper's dataRecv compares with data triples, see ")
                .append("*Next to the paper*); ")
                .append("*vs TPF* is the share of TPF's figure at the same page size; better/same/worse count the ")
                .append("queries that completed in both with fewer, equal or more requests than with TPF.\n\n");
        md.append("| configuration | method | completed | timeouts | errors | mismatches | requests | vs TPF | data triples | vs TPF | metadata triples | MB | time (s) | requests better/same/worse |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (NetworkLoad.Totals t : r.totals().values()) {
            Configuration c = t.configuration();
            NetworkLoad.Totals tpf = r.totals().get(Configuration.tpf(c.pageSize()));
            Comparison req = r.requestsVsTpf(c);
            md.append(String.format(Locale.ROOT, "| %s | %s | %d/%d | %d | %d | %d | %,d | %s | %,d | %s | %,d | %.1f | %.0f | %s |%n",
                    c.label(), c.method(), t.completed(), t.queries(), t.timeouts(), t.errors(), t.mismatches(),
                    t.requests(), percent(t.requests(), tpf == null ? 0 : tpf.requests()), t.dataTriples(),
                    percent(t.dataTriples(), tpf == null ? 0 : tpf.dataTriples()), t.metadataTriples(),
                    t.bytes() / 1e6, t.seconds(), req == null ? "" : req.better() + "/" + req.same() + "/" + req.worse()));
        }
        md.append(distributionTable(r));
        md.append(withoutDominating(r));
        Set<String> common = r.completedByAll();
        Configuration tpf100 = Configuration.tpf(100);
        md.append(String.format(Locale.ROOT, "%n## Over the %d queries every configuration completed%n%n", common.size()));
        md.append("A query that times out in one configuration (TPF, typically) counts there with what it received ")
                .append("before the timeout, which can dominate the sums above. Here only the queries that all ")
                .append("r.configurations() completed count.\n\n");
        md.append("| configuration | requests | vs TPF | triples | vs TPF |\n|---|---:|---:|---:|---:|\n");
        for (Configuration c : r.configurations()) {
            Configuration base = Configuration.tpf(c.pageSize());
            long req = r.sum(c, common, NetworkLoadReport::requests);
            long tri = r.sum(c, common, NetworkLoadReport::triples);
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s | %,d | %s |%n", c.label(), req,
                    percent(req, r.sum(base, common, NetworkLoadReport::requests)), tri,
                    percent(tri, r.sum(base, common, NetworkLoadReport::triples))));
        }
        md.append("\n## Next to the paper\n\n");
        md.append("The paper ran 145 queries of WatDiv's own stress workload over WatDiv 10M (page size 100). ")
                .append("Absolute figures depend on the data and the queries; the shares of TPF are what compare. ")
                .append("Ours: over all queries / over the queries every configuration completed. The paper's dataRecv ")
                .append("can only count data triples: its TPF sums work out at 4.6 triples per request, fewer than the ")
                .append("21 or more metadata triples on every page of its server (Server.Java). So data triples are ")
                .append("what compare; with metadata, ours are shown for completeness (our TPF pages carry the brTPF ")
                .append("search form besides the TPF one, our brTPF pages no repeated request URL).\n\n");
        md.append("| configuration | paper: requests | paper: vs TPF | ours: vs TPF | paper: dataRecv | paper: vs TPF | ours, data triples: vs TPF | ours, with metadata: vs TPF |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        NetworkLoad.Totals ourTpf = r.totals().get(tpf100);
        for (String label : List.of("TPF", "brTPF-5", "brTPF-50")) {
            long[] paper = PAPER.get(label);
            NetworkLoad.Totals ours = r.totals().values().stream().filter(t -> t.configuration().label().equals(label))
                    .findFirst().orElse(null);
            String req = "not run";
            String data = "not run";
            String all = "not run";
            if (ours != null && ourTpf != null) {
                Configuration c = ours.configuration();
                req = percent(ours.requests(), ourTpf.requests()) + " / " + percent(r.sum(c, common,
                        NetworkLoadReport::requests), r.sum(tpf100, common, NetworkLoadReport::requests));
                data = percent(ours.dataTriples(), ourTpf.dataTriples()) + " / " + percent(r.sum(c, common,
                        NetworkLoadReport::dataTriples), r.sum(tpf100, common, NetworkLoadReport::dataTriples));
                all = percent(ours.triples(), ourTpf.triples());
            }
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s | %s | %,d | %s | %s | %s |%n", label, paper[0],
                    percent(paper[0], PAPER.get("TPF")[0]), req, paper[1], percent(paper[1], PAPER.get("TPF")[1]), data,
                    all));
        }
        md.append("\nPlots: `sum-requests`, `sum-triples`, `sum-bytes`, `per-query-requests`, `per-query-triples`, ")
                .append("`cdf-requests`, `cdf-data-triples` (PNG and SVG). Per query: `queries.csv`; sums: `summary.csv`; ")
                .append("what produced them: `provenance.json` (`ldf-experiments verify` reruns it and checks every count).\n");
        return md.toString();
    }

    /** Median, 90th percentile and largest per query: how unevenly the sums are made. */
    private static String distributionTable(NetworkLoadReport r) {
        StringBuilder md = new StringBuilder("\n## Per query\n\n");
        md.append("Sums hide how uneven the queries are: most need a handful of requests, a few need thousands. ")
                .append("Plots `cdf-requests` and `cdf-data-triples` show the whole distributions.\n\n");
        md.append("| configuration | requests: median | p90 | max | data triples: median | p90 | max |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (Configuration c : r.distributionSeries()) {
            double[] req = r.perQuery(c, NetworkLoadReport::requests);
            double[] data = r.perQuery(c, NetworkLoadReport::dataTriples);
            Arrays.sort(req);
            Arrays.sort(data);
            md.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %,.0f | %,.0f | %,.0f | %,.0f |%n", c.label(),
                    Spread.quantile(req, 0.5), Spread.quantile(req, 0.9), Spread.quantile(req, 1),
                    Spread.quantile(data, 0.5), Spread.quantile(data, 0.9), Spread.quantile(data, 1)));
        }
        return md.toString();
    }

    /** The sums again without the query that dominates TPF's, so that they describe more than one query. */
    private static String withoutDominating(NetworkLoadReport r) {
        Optional<String> top = r.dominatingQuery();
        NetworkLoad.Totals tpf = r.totals().get(Configuration.tpf(100));
        if (top.isEmpty() || tpf == null || tpf.requests() == 0) {
            return "";
        }
        Set<String> rest = r.queriesBut(top.get());
        long topRequests = r.sum(Configuration.tpf(100), Set.of(top.get()), NetworkLoadReport::requests);
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%n## Without %s%n%nOne query, %s, makes %s of TPF's requests (%,d of %,d), "
                        + "so the sums above mostly describe it. Over the other %d queries, at page size 100:%n%n",
                top.get(), top.get(), percent(topRequests, tpf.requests()), topRequests, tpf.requests(), rest.size()));
        md.append("| configuration | requests | vs TPF | data triples | vs TPF | metadata triples |\n|---|---:|---:|---:|---:|---:|\n");
        for (Configuration c : r.configurations()) {
            if (c.pageSize() != 100) {
                continue;
            }
            long req = r.sum(c, rest, NetworkLoadReport::requests);
            long data = r.sum(c, rest, NetworkLoadReport::dataTriples);
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s | %,d | %s | %,d |%n", c.label(), req,
                    percent(req, r.sum(Configuration.tpf(100), rest, NetworkLoadReport::requests)), data,
                    percent(data, r.sum(Configuration.tpf(100), rest, NetworkLoadReport::dataTriples)),
                    r.sum(c, rest, m -> m.traffic().metadataTriples())));
        }
        return md.toString();
    }

    /**
     * What the figures show, in a few sentences computed from them: brTPF's largest GET maxMpR
     * against TPF, with and without the dominating query, next to the paper's shares.
     */
    private static String summary(NetworkLoadReport r) {
        NetworkLoad.Totals tpf = r.totals().get(Configuration.tpf(100));
        List<Configuration> series = r.distributionSeries();
        if (tpf == null || series.size() < 2) {
            return "";
        }
        Configuration small = series.get(1);
        Configuration large = series.get(series.size() - 1);
        NetworkLoad.Totals s = r.totals().get(small);
        NetworkLoad.Totals l = r.totals().get(large);
        StringBuilder text = new StringBuilder("**In short.** ");
        text.append(String.format(Locale.ROOT, "%s needs %s of TPF's requests and receives %s of its data triples; "
                        + "%s needs %s and receives %s. The paper reports %s and %s of TPF's requests for maxMpR 50 "
                        + "and 5, and %s and %s of its data received. ",
                large.label(), percent(l.requests(), tpf.requests()), percent(l.dataTriples(), tpf.dataTriples()),
                small.label(), percent(s.requests(), tpf.requests()), percent(s.dataTriples(), tpf.dataTriples()),
                percent(PAPER.get("brTPF-50")[0], PAPER.get("TPF")[0]), percent(PAPER.get("brTPF-5")[0], PAPER.get("TPF")[0]),
                percent(PAPER.get("brTPF-50")[1], PAPER.get("TPF")[1]), percent(PAPER.get("brTPF-5")[1], PAPER.get("TPF")[1])));
        r.dominatingQuery().ifPresent(top -> {
            Set<String> rest = r.queriesBut(top);
            text.append(String.format(Locale.ROOT, "One query, %s, makes %s of TPF's requests; without it %s needs %s "
                            + "of TPF's requests. ", top,
                    percent(r.sum(Configuration.tpf(100), Set.of(top), NetworkLoadReport::requests), tpf.requests()),
                    large.label(), percent(r.sum(large, rest, NetworkLoadReport::requests),
                            r.sum(Configuration.tpf(100), rest, NetworkLoadReport::requests))));
        });
        text.append(comparison(r, tpf, s, l));
        return text.toString();
    }

    /**
     * How the figures stand to the paper's, each sentence chosen by the figures it states: whether
     * more mappings meant fewer requests and less data, whether the request savings are larger or
     * smaller than the paper's (and whether one query makes the difference), and which way the
     * data shares differ.
     */
    static String comparison(NetworkLoadReport r, NetworkLoad.Totals tpf, NetworkLoad.Totals small, NetworkLoad.Totals large) {
        boolean fewerRequests = large.requests() < small.requests() && small.requests() < tpf.requests();
        boolean lessData = large.dataTriples() <= small.dataTriples() && small.dataTriples() <= tpf.dataTriples()
                && large.dataTriples() < tpf.dataTriples();
        StringBuilder text = new StringBuilder();
        if (fewerRequests && lessData) {
            text.append("The direction is the paper's: more mappings per request, fewer requests and less data. ");
        } else {
            text.append(String.format(Locale.ROOT, "Unlike the paper, more mappings per request did not mean %s. ",
                    !fewerRequests && !lessData ? "fewer requests and less data" : !fewerRequests ? "fewer requests"
                            : "less data"));
        }
        double largeShare = share(large.requests(), tpf.requests());
        double smallShare = share(small.requests(), tpf.requests());
        double paperLarge = share(PAPER.get("brTPF-50")[0], PAPER.get("TPF")[0]);
        double paperSmall = share(PAPER.get("brTPF-5")[0], PAPER.get("TPF")[0]);
        if (largeShare < paperLarge && smallShare < paperSmall) {
            Optional<String> top = r.dominatingQuery();
            double withoutTop = top.map(q -> share(r.sum(large.configuration(), r.queriesBut(q), NetworkLoadReport::requests),
                    r.sum(Configuration.tpf(100), r.queriesBut(q), NetworkLoadReport::requests))).orElse(largeShare);
            if (top.isPresent() && withoutTop >= paperLarge) {
                text.append("The request savings are larger here, through one query: without ").append(top.get())
                        .append(" they are no larger than the paper's. Where a query's intermediate results run into the ")
                        .append("tens of thousands, TPF pages through them a hundred at a time, while a bind join's ")
                        .append("requests shrink by the mappings each carries. ");
            } else {
                text.append("The request savings are larger here than the paper's, for both maxMpR. ");
            }
        } else if (largeShare > paperLarge && smallShare > paperSmall) {
            text.append("The request savings are smaller here than the paper's, for both maxMpR. ");
        } else {
            text.append("The request savings are larger than the paper's for one maxMpR and smaller for the other. ");
        }
        double largeData = share(large.dataTriples(), tpf.dataTriples()) - share(PAPER.get("brTPF-50")[1], PAPER.get("TPF")[1]);
        double smallData = share(small.dataTriples(), tpf.dataTriples()) - share(PAPER.get("brTPF-5")[1], PAPER.get("TPF")[1]);
        text.append(largeData * smallData < 0 ? "The data shares differ from the paper's in both directions"
                : largeData > 0 ? "The data shares are higher than the paper's" : "The data shares are lower than the paper's")
                .append(": the queries are not the paper's (WatDiv's own stress workload is not redistributable, and this ")
                .append("one is drawn from our generator's templates).");
        return text.toString();
    }

    private static double share(long part, long whole) {
        return whole == 0 ? Double.NaN : (double) part / whole;
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
