package dev.ldf.experiments.scale;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;

import dev.ldf.client.http.RequestEncoder;
import dev.ldf.experiments.run.ShapedPatterns;
import dev.ldf.hdt.quiet.QuietOutput;

/**
 * The counts a server states ({@code void:triples}, the first one in the page, as clients read it)
 * for patterns of every shape drawn from the data, against the number of matches found by reading
 * the whole fragment from the HDT file.
 */
final class CountCheck {

    /** One pattern: its shape, the path asked for, the count served and the count scanned. */
    record Sample(String shape, String path, long served, long scanned) {

        boolean exact() {
            return served == scanned;
        }
    }

    static final List<String> SHAPES = List.of("S??", "SP?", "S?O", "?P?", "?PO", "??O", "???");
    private static final String VOID_TRIPLES = "<http://rdfs.org/ns/void#triples>";

    private final HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    /** {@code samples} patterns spread over the shapes, drawn with {@code seed}, asked of {@code server}'s dataset. */
    List<Sample> check(Path hdtFile, URI server, String dataset, int samples, long seed) throws Exception {
        List<Sample> checked = new ArrayList<>();
        Random random = new Random(seed);
        try (HDT hdt = QuietOutput.call(() -> HDTManager.mapIndexedHDT(hdtFile.toString(), ProgressListener.ignore()))) {
            for (String shape : SHAPES) {
                int wanted = shape.equals("???") ? 1 : Math.max(1, samples / (SHAPES.size() - 1));
                Set<TripleID> patterns = new LinkedHashSet<>();
                for (int attempt = 0; patterns.size() < wanted && attempt < wanted * 20; attempt++) {
                    patterns.add(ShapedPatterns.draw(hdt, shape, random));
                }
                for (TripleID pattern : patterns) {
                    Triple triple = ShapedPatterns.spelled(hdt, pattern, Var.alloc("s"), Var.alloc("p"), Var.alloc("o"));
                    String path = "/" + dataset + RequestEncoder.conventionalQuery(triple, List.of());
                    checked.add(new Sample(shape, path, served(server.resolve(path)), scanned(hdt, pattern)));
                }
            }
        }
        return checked;
    }

    private static long scanned(HDT hdt, TripleID pattern) {
        IteratorTripleID matches = hdt.getTriples().search(pattern);
        long n = 0;
        while (matches.hasNext()) {
            matches.next();
            n++;
        }
        return n;
    }

    private long served(URI page) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(page).header("Accept", "application/n-triples")
                .timeout(Duration.ofSeconds(60)).build();
        HttpResponse<InputStream> response = client.send(request, HttpResponse.BodyHandlers.ofInputStream());
        try (BufferedReader lines = new BufferedReader(new InputStreamReader(response.body(), StandardCharsets.UTF_8))) {
            if (response.statusCode() != 200) {
                throw new IllegalStateException(page + " answered " + response.statusCode());
            }
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                int at = line.indexOf(VOID_TRIPLES);
                if (at > 0) {
                    String literal = line.substring(at + VOID_TRIPLES.length()).trim();
                    return Long.parseLong(literal.substring(1, literal.indexOf('"', 1)));
                }
            }
        }
        throw new IllegalStateException(page + " states no void:triples");
    }
}
