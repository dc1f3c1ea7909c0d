package dev.ldf.deploy.soak;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;

/**
 * Requests of the kinds clients send, built from a dataset's own terms: first and later pages of
 * predicate fragments, subject and object lookups, and brTPF requests with 30 subject bindings by
 * GET and by POST. Thread-safe once built; {@link #next} draws with the caller's random.
 */
final class RequestMix {

    private static final String FORM = "application/x-www-form-urlencoded";
    private static final int BINDINGS = 30;

    private final String dataset;
    private final List<String> predicates;
    private final List<String> subjects;
    private final List<String> objects;

    private RequestMix(String dataset, List<String> predicates, List<String> subjects, List<String> objects) {
        this.dataset = dataset;
        this.predicates = predicates;
        this.subjects = subjects;
        this.objects = objects;
    }

    /** Reads the first pages of the dataset's {@code ?s ?p ?o} fragment for terms to ask about. */
    static RequestMix discover(HttpClient client, String dataset) throws IOException, InterruptedException {
        Set<String> predicates = new LinkedHashSet<>();
        Set<String> subjects = new LinkedHashSet<>();
        Set<String> objects = new LinkedHashSet<>();
        for (int page = 1; page <= 20 && subjects.size() < 2000; page++) {
            HttpResponse<String> response = client.send(HttpRequest.newBuilder(URI.create(dataset + "?page=" + page))
                    .header("Accept", "application/n-quads").timeout(Duration.ofSeconds(30)).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new IOException(dataset + "?page=" + page + " answered " + response.statusCode());
            }
            RDFParser.fromString(response.body(), Lang.NQUADS).parse(new StreamRDFBase() {
                @Override
                public void triple(Triple t) {
                    add(t.getSubject(), t.getPredicate(), t.getObject());
                }

                @Override
                public void quad(Quad q) {
                    if (q.isDefaultGraph()) {
                        add(q.getSubject(), q.getPredicate(), q.getObject());
                    }
                }

                private void add(Node s, Node p, Node o) {
                    if (s.isURI() && !s.getURI().contains("/.well-known/genid/")) {
                        subjects.add(s.getURI());
                    }
                    predicates.add(p.getURI());
                    if (o.isURI() && !o.getURI().contains("/.well-known/genid/")) {
                        objects.add(o.getURI());
                    }
                }
            });
        }
        if (subjects.size() < BINDINGS || predicates.isEmpty()) {
            throw new IOException(dataset + " has too few terms for a request mix");
        }
        return new RequestMix(dataset, List.copyOf(predicates), List.copyOf(subjects), List.copyOf(objects));
    }

    /** A request: 60% TPF (pages of predicates, subject and object lookups), 20% brTPF GET, 20% brTPF POST. */
    HttpRequest next(Random random) {
        int kind = random.nextInt(10);
        HttpRequest.Builder b;
        if (kind < 6) {
            b = HttpRequest.newBuilder(URI.create(dataset + "?" + tpf(random))).GET();
        } else {
            String form = "subject=" + encode("?s") + "&predicate=" + encode(pick(random, predicates)) + "&object="
                    + encode("?o") + "&values=" + encode(values(random));
            b = kind < 8 ? HttpRequest.newBuilder(URI.create(dataset + "?" + form)).GET()
                    : HttpRequest.newBuilder(URI.create(dataset)).header("Content-Type", FORM)
                            .POST(HttpRequest.BodyPublishers.ofString(form));
        }
        return b.header("Accept", random.nextInt(4) == 0 ? "text/turtle" : "application/n-quads")
                .timeout(Duration.ofSeconds(60)).build();
    }

    private String tpf(Random random) {
        return switch (random.nextInt(4)) {
            case 0 -> "predicate=" + encode(pick(random, predicates)) + (random.nextBoolean() ? "" : "&page=" + (2 + random.nextInt(4)));
            case 1 -> "subject=" + encode(pick(random, subjects));
            case 2 -> objects.isEmpty() ? "page=" + (1 + random.nextInt(20)) : "object=" + encode(pick(random, objects));
            default -> "predicate=" + encode(pick(random, predicates)) + (objects.isEmpty() ? ""
                    : "&object=" + encode(pick(random, objects)));
        };
    }

    private String values(Random random) {
        StringBuilder b = new StringBuilder("(?s) {");
        List<String> chosen = new ArrayList<>();
        for (int i = 0; i < BINDINGS; i++) {
            chosen.add(pick(random, subjects));
        }
        chosen.stream().distinct().forEach(s -> b.append(" (<").append(s).append(">)"));
        return b.append(" }").toString();
    }

    private static String pick(Random random, List<String> from) {
        return from.get(random.nextInt(from.size()));
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
