package dev.ldf.server.live.patch;

import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The plain rows' fast path reads every patch as the tokenizer alone reads it: the same changes in
 * the same order, or the same refusal on the same line, whether a patch is all plain rows, mixes
 * plain and other rows, or is cut off anywhere.
 */
class PlainRowsTest {

    /** Rows of every kind, plain or not, right or wrong. */
    private static final List<String> ROWS = List.of(
            "A <http://ex.org/s> <http://ex.org/p> <http://ex.org/o> .",
            "D <http://ex.org/s> <http://ex.org/p> <http://ex.org/o> .",
            "A <http://ex.org/s> <http://ex.org/p> \"text\" .",
            "A <http://ex.org/s> <http://ex.org/p> \"\" .",
            "A <http://ex.org/s> <http://ex.org/p> \"hello\"@en-GB .",
            "A <http://ex.org/s> <http://ex.org/p> \"hello\"@EN .",
            "A <http://ex.org/s> <http://ex.org/p> \"hello\"@en--ltr .",
            "A <http://ex.org/s> <http://ex.org/p> \"hello\"@en- .",
            "A <http://ex.org/s> <http://ex.org/p> \"42\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
            "A <http://ex.org/s> <http://ex.org/p> \"x\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
            "A <http://ex.org/s> <http://ex.org/p> \"" + "9".repeat(1_200) + "\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
            "A <http://ex.org/s> <http://ex.org/p> \"tab\\there\" .",
            "A <http://ex.org/s> <http://ex.org/p> \"caf\u00e9\" .",
            "A <http://ex.org/caf\u00e9> <http://ex.org/p> <http://ex.org/o> .",
            "A <http://ex.org/s> <http://ex.org/p> 42 .",
            "A <http://ex.org/s> <http://ex.org/p> _:b1 .",
            "A _:b1 <http://ex.org/p> <_:b2> .",
            "A <_:b3> <http://ex.org/p> <http://ex.org/o> .",
            "A <http://ex.org/s> <http://ex.org/p> <http://ex.org/o> <urn:x-arq:DefaultGraph> .",
            "A <http://ex.org/s> <http://ex.org/p> <http://ex.org/o> <http://ex.org/g> .",
            "A  <http://ex.org/s> <http://ex.org/p> <http://ex.org/o> .",
            "A <http://ex.org/s> <http://ex.org/p> <http://ex.org/o>.",
            "A <http://ex.org/s> <http://ex.org/p> <http://ex.org/o> . # a comment",
            "A <http://ex.org/s> <http://ex.org/p> <http://ex.org/o> .\r",
            "A <http://ex.org/s> <http://ex.org/p> <http://ex.org/o>",
            "A <http://ex.org/s> <http://ex.org/p> .",
            "A <s> <http://ex.org/p> <http://ex.org/o> .",
            "A <> <http://ex.org/p> <http://ex.org/o> .",
            "D <s> <p> <o> .",
            "A <http://ex.org/a b> <http://ex.org/p> <http://ex.org/o> .",
            "A <http://ex.org/a{b}> <http://ex.org/p> <http://ex.org/o> .",
            "A <http://ex.org/s> \"p\" <http://ex.org/o> .",
            "A \"s\" <http://ex.org/p> <http://ex.org/o> .",
            "A <http://ex.org/s%20x> <http://ex.org/p> <http://ex.org/o> .",
            "A <http://ex.org/s> <http://ex.org/p> \"a \\\"quote\\\"\" .",
            "A <http://ex.org/s> <http://ex.org/p> 'single' .",
            "A ex:s <http://ex.org/p> <http://ex.org/o> .",
            "TX .", "TC .", "TA .", "TB .", "TX", "TC .  ", "TX.",
            "H id <urn:uuid:1> .",
            "PA \"ex\" <http://ex.org/> .",
            "",
            "   ",
            "# a comment line",
            "B <http://ex.org/s> <http://ex.org/p> <http://ex.org/o> .");

    @Test
    void everyRowAloneReadsAsTheTokenizerReadsIt() {
        for (String row : ROWS) {
            assertSame(row + "\n");
            assertSame(row);
            assertSame("TX .\n" + row + "\nTC .\n");
        }
    }

    @Test
    void plainRowsAreReadByTheFastPathAndTheTokenizerTakesOverAtTheFirstOtherLine() throws Exception {
        String plain = "TX .\n" + String.join("\n", ROWS.subList(0, 6)) + "\nTC .\n";
        assertNull(PlainRows.read(stream(plain), new PatchRows()), "all read without the tokenizer");
        String mixed = plain + "A <http://ex.org/s> <http://ex.org/p> 42 .\n" + ROWS.get(0) + "\n";
        PlainRows.Rest rest = PlainRows.read(stream(mixed), new PatchRows());
        assertEquals(8, rest.linesBefore());
        assertEquals("A <http://ex.org/s> <http://ex.org/p> 42 .\n" + ROWS.get(0) + "\n",
                new String(rest.input().readAllBytes(), StandardCharsets.UTF_8));
    }

    @Test
    void randomPatchesOfThoseRowsReadAsTheTokenizerReadsThem() {
        Random random = new Random(7);
        for (int patch = 0; patch < 3_000; patch++) {
            StringBuilder text = new StringBuilder();
            int rows = 1 + random.nextInt(12);
            for (int i = 0; i < rows; i++) {
                // Mostly the first rows (plain and right), so that whole patches also succeed.
                String row = ROWS.get(random.nextInt(10) < 7 ? random.nextInt(5) : random.nextInt(ROWS.size()));
                text.append(row).append(random.nextInt(8) == 0 ? "\r\n" : "\n");
            }
            String patchText = text.toString();
            assertSame(patchText);
            // Cut off anywhere.
            assertSame(patchText.substring(0, random.nextInt(patchText.length() + 1)));
        }
    }

    @Test
    void aPlainPatchLongerThanTheBufferAndALineLongerThanItReadAlike() {
        StringBuilder text = new StringBuilder("TX .\n");
        for (int i = 0; i < 5_000; i++) {
            text.append("A <http://ex.org/s").append(i).append("> <http://ex.org/p> \"").append(i).append("\"@en .\n");
        }
        text.append("A <http://ex.org/s> <http://ex.org/p> \"").append("x".repeat(100_000)).append("\" .\n");
        text.append("A <http://ex.org/s> <http://ex.org/p> \"after\" .\nTC .\n");
        assertSame(text.toString());
        assertSame(text.toString().replace("TC .\n", "TC .\nD <s> <p> <o> .\n"));
    }

    private static void assertSame(String patch) {
        String expected = outcome(() -> PatchReader.readTokenized(stream(patch)));
        String actual = outcome(() -> PatchReader.read(stream(patch)));
        assertEquals(expected, actual, "patch:\n" + patch);
        assertTrue(!actual.isEmpty());
    }

    private interface Read {
        ChangeSet read() throws BadPatchException;
    }

    /** The changes, each with its direction and terms, or the refusal's message with its line. */
    private static String outcome(Read read) {
        try {
            List<String> changes = new ArrayList<>();
            for (ChangeSet.Change change : read.read()) {
                changes.add((change.add() ? "A " : "D ") + change.triple() + " " + change.triple().getObject().isLiteral());
            }
            return "ok " + changes;
        } catch (BadPatchException e) {
            return "refused " + e.getMessage();
        } catch (RuntimeException e) {
            return "failed " + e;
        }
    }

    private static InputStream stream(String text) {
        return new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8));
    }
}
