package dev.ldf.hdt.sample;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Set;
import java.util.stream.Collectors;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.vocabulary.RDF;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class LibraryDatasetTest {

    private static byte[] generate(long seed) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        LibraryDataset.writeTurtle(out, seed);
        return out.toByteArray();
    }

    @Test
    void theCommittedDatasetIsTheGeneratorsOutput() throws Exception {
        // Regenerate with: ldf-hdt sample -o hdt-data/datasets/library.ttl
        Path committed = Path.of("datasets/library.ttl");
        assertArrayEquals(Files.readAllBytes(committed), generate(LibraryDataset.DEFAULT_SEED));
    }

    @Test
    void theSameSeedGivesTheSameBytesAndAnotherSeedOtherData() {
        assertArrayEquals(generate(1), generate(1));
        assertTrue(!Arrays.equals(generate(1), generate(2)));
    }

    @Test
    void holdsTheCasesAFragmentServerMustGetRight() {
        Graph g = RDFDataMgr.loadGraph("datasets/library.ttl");
        assertTrue(g.size() > 4000 && g.size() < 7000, "a few thousand triples: " + g.size());
        var literals = g.find().toList().stream().map(Triple::getObject).filter(Node::isLiteral).toList();
        assertTrue(literals.stream().anyMatch(n -> n.getLiteralLexicalForm().contains("\"")), "quotes");
        assertTrue(literals.stream().anyMatch(n -> n.getLiteralLexicalForm().contains("\t")), "tabs");
        assertTrue(literals.stream().anyMatch(n -> n.getLiteralLexicalForm().contains("\n")), "newlines");
        assertTrue(literals.stream().anyMatch(n -> n.getLiteralLexicalForm().codePoints().anyMatch(c -> c > 0xFFFF)), "astral");
        assertTrue(literals.stream().anyMatch(n -> n.getLiteralLexicalForm().contains("<script>")), "markup");
        var languages = literals.stream().map(Node::getLiteralLanguage).filter(l -> !l.isEmpty()).collect(Collectors.toSet());
        assertTrue(languages.containsAll(Set.of("en", "de", "fr", "el", "ja", "ru")), languages::toString);
        var datatypes = literals.stream().map(Node::getLiteralDatatypeURI).collect(Collectors.toSet());
        assertTrue(datatypes.contains("http://example.org/library/CallNumber"), "a custom datatype");
        assertTrue(datatypes.contains("http://www.w3.org/2001/XMLSchema#integer"));
        assertTrue(g.find().toList().stream().anyMatch(t -> t.getSubject().isBlank()), "blank nodes");
        assertTrue(g.find().toList().stream().anyMatch(t -> t.getSubject().equals(t.getObject())), "self-links");
        assertEquals(1, g.find(RDF.type.asNode(), RDF.type.asNode(),
                Node.ANY).toList().size(), "a predicate in subject position");
    }
}
