package dev.ldf.server.live;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** RDF Patch text in, changes out; every refusal names its line. */
class PatchReaderTest {

    @Test
    void readsRowsTermsAndTransactions() throws BadPatchException {
        ChangeSet changes = read("""
                H id <urn:uuid:1> .
                PA "ex" <http://ex.org/> .
                TX .
                A <http://ex.org/s> <http://ex.org/p> "chat"@fr .
                A _:b1 <http://ex.org/p> "2"^^<http://www.w3.org/2001/XMLSchema#integer> .
                D <_:c9> <http://ex.org/p> <http://ex.org/o> <urn:x-arq:DefaultGraph> .
                TC .
                TX .
                A <http://ex.org/gone> <http://ex.org/p> "x" .
                TA .
                """);
        List<ChangeSet.Change> list = list(changes);
        assertEquals(3, list.size(), "the aborted transaction's row is dropped");
        assertEquals(new ChangeSet.Change(true, Triple.create(iri("s"), iri("p"), NodeFactory.createLiteralLang("chat", "fr"))),
                list.get(0));
        assertEquals("b1", list.get(1).triple().getSubject().getBlankNodeLabel(), "a blank node keeps its whole label");
        assertEquals("c9", list.get(2).triple().getSubject().getBlankNodeLabel());
        assertFalse(list.get(2).add());
    }

    @Test
    void theTextFormRoundTrips() throws BadPatchException {
        ChangeSet changes = read("""
                A _:b1 <http://ex.org/p> "line\\nbreak" .
                D <http://ex.org/s> <http://ex.org/p> "é"@en-GB .
                """);
        ChangeSet again = PatchReader.read(new ByteArrayInputStream(changes.toPatch()));
        assertEquals(list(changes), list(again));
    }

    @Test
    void refusalsNameTheLine() {
        assertLine(2, "A <http://ex.org/s> <http://ex.org/p> \"o\" .\nX <http://ex.org/s> .\n", "unknown row");
        assertLine(3, "TX .\nA <http://ex.org/s> <http://ex.org/p> \"o\" .\nA <http://ex.org/s> <http://ex.org/p> \"o\" <http://ex.org/g> .\nTC .\n",
                "named graphs");
        assertLine(1, "A ex:s <http://ex.org/p> \"o\" .\n", "prefixed names");
        assertLine(1, "A \"lit\" <http://ex.org/p> \"o\" .\n", "subject");
        assertLine(1, "A <http://ex.org/s> <http://ex.org/p> ?o .\n", "variables");
        assertLine(2, "\nA <relative> <http://ex.org/p> \"o\" .\n", "absolute IRI");
        assertLine(1, "TX .\nA <http://ex.org/s> <http://ex.org/p> \"o\" .\n", "not committed");
        assertLine(1, "A <http://ex.org/s> <http://ex.org/p> \"o\"\n", "");
        assertLine(2, "A <http://ex.org/s> <http://ex.org/p> \"o\" .\nA <http://ex.org/s> <http://ex.org/p> \"unterminated .", "");
    }

    private static void assertLine(long line, String patch, String fragment) {
        BadPatchException e = assertThrows(BadPatchException.class, () -> read(patch), patch);
        assertEquals(line, e.line(), e.getMessage());
        assertTrue(e.getMessage().startsWith("Line " + line + ": "), e.getMessage());
        assertTrue(e.getMessage().contains(fragment), e.getMessage());
    }

    private static ChangeSet read(String text) throws BadPatchException {
        return PatchReader.read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static List<ChangeSet.Change> list(ChangeSet changes) {
        List<ChangeSet.Change> list = new ArrayList<>();
        changes.forEach(list::add);
        return list;
    }

    private static Node iri(String local) {
        return NodeFactory.createURI("http://ex.org/" + local);
    }
}
