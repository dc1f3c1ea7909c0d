package dev.ldf.client.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.Syntax;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.RDFList;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.rdf.model.Resource;
import org.apache.jena.rdf.model.Statement;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.OpVisitorBase;
import org.apache.jena.sparql.algebra.OpWalker;
import org.apache.jena.sparql.algebra.op.OpGraph;
import org.apache.jena.sparql.algebra.op.OpService;
import org.apache.jena.vocabulary.RDF;

/**
 * Reads the W3C test manifests (Turtle, with Jena) into {@link W3cTest}s: every entry of every
 * manifest's {@code mf:entries} that is a query-evaluation or CSV/TSV result-format test, marked
 * out of scope where it needs what a fragment source has no notion of (named graphs, FROM,
 * GRAPH, SERVICE) or was withdrawn.
 */
final class W3cManifests {

    private static final String MF = "http://www.w3.org/2001/sw/DataAccess/tests/test-manifest#";
    private static final String QT = "http://www.w3.org/2001/sw/DataAccess/tests/test-query#";
    private static final String DAWGT = "http://www.w3.org/2001/sw/DataAccess/tests/test-dawg#";

    private W3cManifests() {}

    /** The tests of every {@code manifest.ttl} under {@code root}, in directory and manifest order. */
    static List<W3cTest> read(Path root) {
        List<W3cTest> tests = new ArrayList<>();
        try (Stream<Path> manifests = Files.walk(root)) {
            for (Path manifest : manifests.filter(p -> p.getFileName().toString().equals("manifest.ttl")).sorted().toList()) {
                tests.addAll(readOne(manifest));
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return tests;
    }

    private static List<W3cTest> readOne(Path manifest) {
        Model model = RDFDataMgr.loadModel(manifest.toUri().toString());
        String dir = manifest.getParent().getFileName().toString();
        List<W3cTest> tests = new ArrayList<>();
        for (Statement entries : model.listStatements(null, model.createProperty(MF + "entries"), (RDFNode) null).toList()) {
            for (RDFNode node : entries.getObject().as(RDFList.class).asJavaList()) {
                Resource entry = node.asResource();
                String type = entry.getPropertyResourceValue(RDF.type).getURI();
                if (!type.equals(MF + "QueryEvaluationTest") && !type.equals(MF + "CSVResultFormatTest")) {
                    continue;
                }
                tests.add(test(model, dir, entry));
            }
        }
        return tests;
    }

    private static W3cTest test(Model model, String dir, Resource entry) {
        String name = dir + "#" + entry.getURI().substring(entry.getURI().lastIndexOf('#') + 1);
        Resource action = entry.getPropertyResourceValue(model.createProperty(MF + "action"));
        Path query = file(action.getPropertyResourceValue(model.createProperty(QT + "query")));
        List<Path> data = model.listObjectsOfProperty(action, model.createProperty(QT + "data"))
                .mapWith(n -> file(n.asResource())).toList();
        Path result = file(entry.getPropertyResourceValue(model.createProperty(MF + "result")));
        Resource cardinality = entry.getPropertyResourceValue(model.createProperty(MF + "resultCardinality"));
        boolean lax = cardinality != null && cardinality.getURI().equals(MF + "LaxCardinality");
        String skip = null;
        Resource approval = entry.getPropertyResourceValue(model.createProperty(DAWGT + "approval"));
        if (approval != null && approval.getURI().equals(DAWGT + "Withdrawn")) {
            skip = "withdrawn";
        } else if (action.hasProperty(model.createProperty(QT + "graphData"))) {
            skip = "named graphs";
        } else {
            skip = queryNeedsGraphs(query);
        }
        return new W3cTest(name, query, data, result, lax, skip);
    }

    /** Why a query cannot run over one default graph, or null. */
    private static String queryNeedsGraphs(Path file) {
        Query query = QueryFactory.read(file.toUri().toString(), Syntax.syntaxSPARQL_11);
        if (!query.getGraphURIs().isEmpty() || !query.getNamedGraphURIs().isEmpty()) {
            return "FROM or FROM NAMED";
        }
        String[] found = {null};
        // The algebra, not the syntax tree: it includes subqueries.
        OpWalker.walk(Algebra.compile(query), new OpVisitorBase() {
            @Override
            public void visit(OpGraph op) {
                found[0] = "GRAPH";
            }

            @Override
            public void visit(OpService op) {
                found[0] = "SERVICE";
            }
        });
        return found[0];
    }

    private static Path file(Resource resource) {
        return resource == null ? null : Path.of(URI.create(resource.getURI()));
    }
}
