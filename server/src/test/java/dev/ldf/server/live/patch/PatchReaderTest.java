package dev.ldf.server.live.patch;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
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

    /** Issue 32: what the log could not read back, or a compaction would change, is refused when written. */
    @Test
    void termsThatWouldNotSurviveTheLogOrACompactionAreRefused() {
        String p = " <http://ex.org/p> ";
        assertLine(1, "A <_:a\\u003Eb>" + p + "\"x\" .\n", "blank node label");
        assertLine(1, "A <_:a\\u0020b>" + p + "\"x\" .\n", "blank node label");
        assertLine(1, "A <http://ex.org/s>" + p + "\"a\\u0000b\" .\n", "U+0000");
        assertLine(1, "A <http://ex.org/a\\u0000b>" + p + "\"x\" .\n", "U+0000");
        assertLine(1, "A <http://ex.org/s>" + p + "\"\\uD800\" .\n", "surrogate");
        assertLine(1, "A <http://ex.org/a\\u0001b>" + p + "\"x\" .\n", "control character U+0001");
        assertLine(1, "A <http://ex.org/a\\u0020b>" + p + "\"x\" .\n", "a space");
        assertLine(1, "A <http://ex.org/%zz>" + p + "\"x\" .\n", "not a valid IRI");
        assertLine(1, "A <http://ex.org/s>" + p + "\"x\"^^<http://ex.org/a b> .\n", "");
        assertLine(1, "A <http://ex.org/s> <rel> \"x\" .\n", "absolute IRI");
    }

    @Test
    void deletionsMayNameWhatADumpBroughtInIfTheLogCanHoldIt() throws BadPatchException {
        ChangeSet changes = read("D <http://ex.org/%zz> <http://ex.org/p> <_:odd:label> .\n");
        assertEquals(1, changes.size());
        assertEquals(list(changes), list(PatchReader.read(new ByteArrayInputStream(changes.toPatch()))));
    }

    @Test
    void invalidUtf8IsRefusedNotReplaced() {
        byte[] bytes = "A <http://ex.org/s> <http://ex.org/p> \"caf\u00e9\" .\n".getBytes(StandardCharsets.UTF_8);
        byte[] broken = Arrays.copyOf(bytes, bytes.length);
        int at = new String(bytes, StandardCharsets.ISO_8859_1).indexOf('\u00c3');
        broken[at + 1] = (byte) 0x28; // a lead byte followed by no continuation byte
        BadPatchException e = assertThrows(BadPatchException.class, () -> PatchReader.read(new ByteArrayInputStream(broken)));
        assertTrue(e.getMessage().contains("not valid UTF-8"), e.getMessage());
    }

    @Test
    void rowsFollowTheirGrammarExactly() {
        // PA without its '.' used to swallow the next row.
        assertLine(2, "PA \"ex\" <http://ex.org/>\nA <http://ex.org/s> <http://ex.org/p> \"o\" .\n", "");
        assertLine(1, "PA <http://ex.org/> .\n", "prefix");
        assertLine(1, "PD \"ex\" <http://ex.org/> .\n", "'.'");
        // TA after a committed transaction used to throw that transaction away.
        assertLine(4, "TX .\nA <http://ex.org/s> <http://ex.org/p> \"o\" .\nTC .\nTA .\n", "none was begun");
        assertLine(1, "TC .\n", "none was begun");
        assertLine(1, "A <http://ex.org/s> <http://ex.org/p> ex:a%", "in the middle of a name");
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
