package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.core.TriplePath;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.syntax.ElementPathBlock;
import org.apache.jena.sparql.syntax.ElementVisitorBase;
import org.apache.jena.sparql.syntax.ElementWalker;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.triples.TripleID;

import dev.ldf.client.http.RequestEncoder;
import dev.ldf.experiments.run.ShapedPatterns;
import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.watdiv.workload.Workload;

/**
 * The request paths the benchmark sends, the same bytes to every server: first pages of a
 * workload's distinct triple patterns, brTPF requests with subject bindings drawn from the data,
 * and pages at random offsets of large fragments, one list per pattern shape.
 */
final class PathLists {

    /** The shapes of deep pages: which positions are constants (S, P, O) and which variables (?). */
    static final List<String> DEEP_SHAPES = List.of("?P?", "??O", "?PO", "S??", "SP?", "S?O", "???");

    static final int PAGE_SIZE = 100;

    private static final Node S = Var.alloc("s");
    private static final Node P = Var.alloc("p");
    private static final Node O = Var.alloc("o");

    private final String dataset;
    private final HDT hdt;
    private final Random random;

    /** Paths under {@code /dataset}, drawn from {@code hdt} with {@code seed}. */
    PathLists(String dataset, HDT hdt, long seed) {
        this.dataset = dataset;
        this.hdt = hdt;
        this.random = new Random(seed);
    }

    /** The first page of each distinct pattern, in first-seen order. */
    List<String> firstPages(List<Triple> patterns) {
        Set<String> paths = new LinkedHashSet<>();
        for (Triple pattern : patterns) {
            paths.add(path(pattern, List.of()));
        }
        return new ArrayList<>(paths);
    }

    /**
     * brTPF requests, and the TPF requests that would fetch the same solutions one binding at a time
     * (each binding substituted into the pattern): what a bind join over a TPF server sends instead.
     */
    record BindingRequests(List<String> brtpf, List<String> oneByOne) {}

    /**
     * For each distinct pattern with a variable subject and a constant predicate, one brTPF request
     * with {@code bindings} distinct subjects, as a bind join sends them: subjects drawn at random
     * that have the predicate, filled up with subjects that do not where few have it.
     */
    BindingRequests brtpf(List<Triple> patterns, int bindings) {
        Set<String> paths = new LinkedHashSet<>();
        Set<String> oneByOne = new LinkedHashSet<>();
        long subjects = hdt.getDictionary().getNsubjects();
        Set<Triple> drawn = new HashSet<>();
        for (Triple pattern : patterns) {
            if (!pattern.getSubject().isVariable() || pattern.getPredicate().isVariable()) {
                continue;
            }
            Triple named = Triple.create(S, pattern.getPredicate(), pattern.getObject().isVariable() ? O : pattern.getObject());
            // Many queries share a pattern up to its variables' names: bindings are drawn once per pattern.
            if (!drawn.add(named)) {
                continue;
            }
            long predicate = hdt.getDictionary().stringToId(HdtTerms.toHdt(pattern.getPredicate()), TripleComponentRole.PREDICATE);
            if (predicate <= 0) {
                continue;
            }
            Set<Long> matching = new LinkedHashSet<>();
            Set<Long> other = new LinkedHashSet<>();
            for (int attempt = 0; attempt < 200 * bindings && matching.size() < bindings; attempt++) {
                long subject = 1 + (long) (random.nextDouble() * subjects);
                if (hdt.getTriples().search(new TripleID(subject, predicate, 0)).hasNext()) {
                    matching.add(subject);
                } else if (other.size() < bindings) {
                    other.add(subject);
                }
            }
            List<Binding> keys = new ArrayList<>();
            for (Set<Long> ids : List.of(matching, other)) {
                for (long id : ids) {
                    if (keys.size() < bindings) {
                        keys.add(BindingFactory.binding(Var.alloc("s"), node(id, TripleComponentRole.SUBJECT)));
                    }
                }
            }
            if (paths.add(path(named, keys))) {
                for (Binding key : keys) {
                    oneByOne.add(path(Triple.create(key.get(Var.alloc("s")), named.getPredicate(), named.getObject()),
                            List.of()));
                }
            }
        }
        return new BindingRequests(new ArrayList<>(paths), new ArrayList<>(oneByOne));
    }

    /**
     * {@code count} pages of {@code shape} at offsets drawn uniformly over each fragment: the
     * constants come from random triples of the data, so large fragments are drawn as often as
     * they hold triples; fragments of one page are passed over while larger ones turn up.
     */
    List<String> deepPages(String shape, int count) {
        List<String> paths = new ArrayList<>();
        for (int attempt = 0; paths.size() < count && attempt < count * 20; attempt++) {
            TripleID pattern = ShapedPatterns.draw(hdt, shape, random);
            long size = hdt.getTriples().search(pattern).estimatedNumResults();
            long pages = Math.max(1, (size + PAGE_SIZE - 1) / PAGE_SIZE);
            if (pages == 1 && attempt < count * 10) {
                continue;
            }
            long page = 1 + (long) (random.nextDouble() * pages);
            String path = path(ShapedPatterns.spelled(hdt, pattern, S, P, O), List.of());
            paths.add(path + (path.contains("?") ? "&" : "?") + "page=" + page);
        }
        return paths;
    }

    private Node node(long id, TripleComponentRole role) {
        return HdtTerms.toNode(hdt.getDictionary().idToString(id, role));
    }

    private String path(Triple pattern, List<Binding> keys) {
        return "/" + dataset + RequestEncoder.conventionalQuery(pattern, keys);
    }

    /** The triple patterns of the queries' basic graph patterns, with the queries' own variables. */
    static List<Triple> patterns(List<Workload.Entry> queries) {
        List<Triple> patterns = new ArrayList<>();
        for (Workload.Entry entry : queries) {
            Query query = QueryFactory.create(entry.sparql());
            ElementWalker.walk(query.getQueryPattern(), new ElementVisitorBase() {
                @Override
                public void visit(ElementPathBlock block) {
                    for (TriplePath path : block.getPattern().getList()) {
                        if (path.isTriple()) {
                            patterns.add(path.asTriple());
                        }
                    }
                }
            });
        }
        return Collections.unmodifiableList(patterns);
    }

    /** Writes one path per line; returns how many. */
    static int write(Path file, List<String> paths) throws IOException {
        Files.createDirectories(file.getParent());
        Files.write(file, paths);
        return paths.size();
    }
}
