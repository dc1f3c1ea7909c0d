package dev.ldf.experiments.scale;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;

import dev.ldf.client.http.ClientListener;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.watdiv.workload.Workload;

/**
 * WatDiv stress queries through the preemptive endpoint and through the brTPF client on the same
 * server: their answers must be the same multiset of solutions (compared by a digest of the sorted
 * rows), and the time each mode took is kept.
 */
final class PreemptiveCheck {

    /** One query in one mode: its solutions, their digest, how long it took, or why it failed. */
    record Answer(String query, String mode, long solutions, String digest, double seconds, String error) {}

    private static final Duration TIMEOUT = Duration.ofMinutes(5);

    /**
     * Runs {@code wanted} of {@code candidates} in both modes against the dataset at {@code url}:
     * those that have solutions (the brTPF client runs first and decides), since two empty answers
     * agree whatever either mode does; at most four times as many candidates are tried.
     */
    List<Answer> run(String url, List<Workload.Entry> candidates, int wanted) throws InterruptedException {
        List<Answer> answers = new ArrayList<>();
        int kept = 0;
        for (int i = 0; i < candidates.size() && i < 4 * wanted && kept < wanted; i++) {
            Answer brtpf = answer(url, candidates.get(i), Configuration.brtpf(30, false, 100));
            if (brtpf.solutions() == 0) {
                continue;
            }
            answers.add(answer(url, candidates.get(i), Configuration.preemptive(75)));
            answers.add(brtpf);
            kept++;
        }
        return answers;
    }

    private static Answer answer(String url, Workload.Entry entry, Configuration mode) throws InterruptedException {
        Query query = QueryFactory.create(entry.sparql());
        long start = System.nanoTime();
        ExecutorService worker = Executors.newSingleThreadExecutor();
        try (FragmentSource source = FragmentSource.connect(url, mode.clientOptions(Duration.ofSeconds(60)),
                new ClientListener() {})) {
            Future<List<String>> rows = worker.submit(() -> {
                List<String> lines = new ArrayList<>();
                try (QueryExec exec = QueryExec.dataset(FragmentDataset.of(source).asDatasetGraph()).query(query).build()) {
                    RowSet results = exec.select();
                    while (results.hasNext()) {
                        lines.add(row(results.next(), query));
                    }
                }
                return lines;
            });
            List<String> lines = rows.get(TIMEOUT.toSeconds(), TimeUnit.SECONDS);
            lines.sort(null);
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            lines.forEach(l -> sha.update((l + "\n").getBytes(StandardCharsets.UTF_8)));
            return new Answer(entry.name(), mode.label(), lines.size(), HexFormat.of().formatHex(sha.digest()),
                    seconds(start), "");
        } catch (TimeoutException e) {
            return new Answer(entry.name(), mode.label(), -1, "", seconds(start), "timed out after " + TIMEOUT.toMinutes() + " min");
        } catch (ExecutionException | RuntimeException | NoSuchAlgorithmException e) {
            Throwable cause = e.getCause() != null ? e.getCause() : e;
            return new Answer(entry.name(), mode.label(), -1, "", seconds(start), String.valueOf(cause.getMessage()));
        } finally {
            worker.shutdownNow();
        }
    }

    /** A row as text, variables in the query's order. */
    private static String row(Binding binding, Query query) {
        StringBuilder line = new StringBuilder();
        for (var v : query.getProjectVars()) {
            var value = binding.get(v);
            line.append(value == null ? "" : value.toString()).append('\t');
        }
        return line.toString();
    }

    private static double seconds(long start) {
        return (System.nanoTime() - start) / 1e9;
    }
}
