package dev.ldf.deploy.soak;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** Writes a soak run's figures: {@code summary.md}, {@code phases.csv} and {@code memory.csv}. */
final class SoakReport {

    private SoakReport() {}

    static void write(Soak.Result r, Path dir) throws IOException {
        Files.createDirectories(dir);
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(dir.resolve("phases.csv"), StandardCharsets.UTF_8))) {
            out.println("phase,clients,seconds,requests,requests_per_second,errors,p50_ms,p95_ms,p99_ms,max_ms");
            for (LoadPhase.Result p : r.phases()) {
                out.printf(Locale.ROOT, "%s,%d,%d,%d,%.1f,%d,%.3f,%.3f,%.3f,%.3f%n", p.name(), p.clients(),
                        p.duration().toSeconds(), p.requests(), p.requestsPerSecond(), p.errors(), p.percentileMillis(0.5),
                        p.percentileMillis(0.95), p.percentileMillis(0.99), p.percentileMillis(1.0));
            }
        }
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(dir.resolve("memory.csv"), StandardCharsets.UTF_8))) {
            out.println("seconds,rss_bytes,heap_used_bytes");
            for (Soak.Sample s : r.samples()) {
                out.printf(Locale.ROOT, "%.1f,%d,%d%n", s.seconds(), s.memory().rssBytes(), s.memory().heapBytes());
            }
        }
        long maxRss = r.samples().stream().mapToLong(s -> s.memory().rssBytes()).max().orElse(-1);
        try (PrintWriter out = new PrintWriter(Files.newBufferedWriter(dir.resolve("summary.md"), StandardCharsets.UTF_8))) {
            Soak.Settings s = r.settings();
            out.printf(Locale.ROOT, "# Soak run%n%n%d clients of mixed TPF and brTPF traffic for %d s; before that, one "
                    + "client for %d s on the idle server, %d s beside %d connections that send one byte a second, and %d s on the "
                    + "idle server again.%n%n", s.clients(), s.duration().toSeconds(), s.probe().toSeconds(),
                    s.probe().toSeconds(), s.slowClients(), s.probe().toSeconds());
            out.println("| phase | clients | requests | requests/s | errors | p50 ms | p99 ms |");
            out.println("|---|---:|---:|---:|---:|---:|---:|");
            for (LoadPhase.Result p : r.phases()) {
                out.printf(Locale.ROOT, "| %s | %d | %,d | %,.0f | %d | %.2f | %.2f |%n", p.name(), p.clients(), p.requests(),
                        p.requestsPerSecond(), p.errors(), p.percentileMillis(0.5), p.percentileMillis(0.99));
            }
            out.printf(Locale.ROOT, "%n- Slow clients: p99 %.2f× the better of the idle server's two (target: at most "
                    + "2×); the server closed %d of the %d slow connections during the phase.%n", r.slowClientRatio(),
                    r.slowClosedByServer(), s.slowClients());
            out.printf(Locale.ROOT, "- Main phase: %d errors in %,d requests; statuses %s.%n", r.main().errors(),
                    r.main().requests(), r.main().statuses());
            out.printf(Locale.ROOT, "- Memory: before %s RSS, %s heap after a full collection; after %s RSS, %s heap after "
                    + "a full collection; highest RSS sampled during the run %s.%n", Soak.mb(r.before().rssBytes()),
                    Soak.mb(r.before().heapBytes()), Soak.mb(r.after().rssBytes()), Soak.mb(r.after().heapBytes()),
                    Soak.mb(maxRss));
        }
    }
}
