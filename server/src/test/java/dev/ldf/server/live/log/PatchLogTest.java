package dev.ldf.server.live.log;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;




/** The write-ahead log: records survive a reopen; a torn tail is cut, never replayed. */
class PatchLogTest {

    @TempDir
    Path dir;

    @Test
    void appendedPatchesAreReplayedInOrderAfterAReopen() throws IOException {
        Path file = dir.resolve("logs/library.log");
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            assertEquals(0, log.version());
            assertEquals(1, log.append(patch("A <s> <p> <o1> .")));
            assertEquals(2, log.append(patch("A <s> <p> <o2> .")));
            assertEquals(3, log.append(new byte[0]));
        }
        List<LoggedPatch> replayed = new ArrayList<>();
        try (PatchLog log = PatchLog.open(file, 0, replayed::add)) {
            assertEquals(3, log.version());
            assertEquals(List.of(1L, 2L, 3L), replayed.stream().map(LoggedPatch::version).toList());
            assertEquals("A <s> <p> <o2> .", new String(replayed.get(1).patch(), StandardCharsets.UTF_8));
            assertEquals(4, log.append(patch("D <s> <p> <o1> .")), "appends continue after the last record");
        }
    }

    @Test
    void aNewLogStartsAfterTheBaseVersion() throws IOException {
        try (PatchLog log = PatchLog.open(dir.resolve("l"), 41, e -> true)) {
            assertEquals(42, log.append(patch("A <s> <p> <o> .")));
        }
    }

    @Test
    void aLogResetForANewerBaseContinuesAfterItsVersionAlsoAfterAReopen() throws IOException {
        Path file = dir.resolve("l");
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            log.append(patch("A <s> <p> <o1> ."));
            log.append(patch("A <s> <p> <o2> ."));
            log.resetTo(40);
            assertEquals(40, log.version());
            assertEquals(40, log.floor(), "the feed has nothing before the new base");
            assertEquals(41, log.append(patch("A <s> <p> <o41> .")));
        }
        List<Long> replayed = new ArrayList<>();
        try (PatchLog log = PatchLog.open(file, 40, e -> replayed.add(e.version()))) {
            assertEquals(List.of(41L), replayed, "only what came after the new base");
            assertEquals(41, log.version());
        }
    }

    @Test
    void droppingFoldedRecordsKeepsTheLaterOnesAndTheFeedSaysWhereItStarts() throws IOException {
        Path file = dir.resolve("l");
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            for (int i = 1; i <= 5; i++) {
                log.append(patch("A <s> <p> <o" + i + "> ."));
            }
            assertEquals(0, log.floor());
            log.dropThrough(3);
            assertEquals(3, log.floor());
            List<Long> sent = new ArrayList<>();
            assertEquals(false, log.read(2, e -> sent.add(e.version())), "version 3 is gone");
            assertTrue(log.read(3, e -> sent.add(e.version())));
            assertEquals(List.of(4L, 5L), sent);
            assertEquals(6, log.append(patch("A <s> <p> <o6> .")), "appends go on after the cut");
        }
        // A start from a base holding version 3 replays what follows; one holding 5, only 6.
        List<Long> replayed = new ArrayList<>();
        try (PatchLog log = PatchLog.open(file, 3, e -> replayed.add(e.version()))) {
            assertEquals(6, log.version());
        }
        assertEquals(List.of(4L, 5L, 6L), replayed);
        replayed.clear();
        try (PatchLog log = PatchLog.open(file, 5, e -> replayed.add(e.version()))) {
            assertEquals(6, log.version());
        }
        assertEquals(List.of(6L), replayed);
        // A base older than the log's start: patches are missing, and the start says so.
        IOException gap = assertThrows(IOException.class, () -> PatchLog.open(file, 2, e -> true));
        assertTrue(gap.getMessage().contains("missing"), gap.getMessage());
    }

    @Test
    void aRecordCutShortByACrashIsRemoved() throws IOException {
        Path file = dir.resolve("l");
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            log.append(patch("A <s> <p> <o1> ."));
            log.append(patch("A <s> <p> <o2> ."));
        }
        long whole = Files.size(file);
        // A crash in the middle of the third record's write.
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            log.append(patch("A <s> <p> <o3> ."));
        }
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.truncate(Files.size(file) - 3);
        }
        List<LoggedPatch> replayed = new ArrayList<>();
        try (PatchLog log = PatchLog.open(file, 0, replayed::add)) {
            assertEquals(2, replayed.size());
            assertEquals(whole, Files.size(file), "the torn record is cut off");
            assertEquals(3, log.append(patch("A <s> <p> <o3> .")));
        }
        // Damage before a whole record is another matter: PatchLogDamageTest.
    }

    @Test
    void aFileThatIsNotAPatchLogIsRefusedUntouched() throws IOException {
        Path file = dir.resolve("data.nt");
        Files.writeString(file, "<s> <p> <o> .\n");
        IOException e = assertThrows(IOException.class, () -> PatchLog.open(file, 0, x -> true));
        assertTrue(e.getMessage().contains("Not a patch log"), e.getMessage());
        assertEquals("<s> <p> <o> .\n", Files.readString(file));
    }

    @Test
    void readingSendsTheRecordsAfterAVersion() throws IOException {
        try (PatchLog log = PatchLog.open(dir.resolve("l"), 0, e -> true)) {
            for (int i = 1; i <= 5; i++) {
                log.append(patch("A <s> <p> <o" + i + "> ."));
            }
            List<Long> read = new ArrayList<>();
            log.read(2, e -> read.add(e.version()));
            assertEquals(List.of(3L, 4L, 5L), read);
            read.clear();
            log.read(0, e -> read.add(e.version()) && e.version() < 2);
            assertEquals(List.of(1L, 2L), read, "the reader stops the reading");
            read.clear();
            log.read(5, e -> read.add(e.version()));
            assertEquals(List.of(), read);
        }
    }

    @Test
    void patchesAppendedTogetherAreOneRecordReadBackAsTheirVersions() throws IOException {
        Path file = dir.resolve("l");
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            log.append(patch("A <s> <p> <o1> ."));
            long before = Files.size(file);
            assertEquals(2, log.appendAll(List.of(patch("A <s> <p> <o2> ."), patch("A <s> <p> <o3> ."), new byte[0])));
            assertEquals(4, log.version());
            // One record: its header, the first version and the count, then each patch's length and text.
            assertEquals(before + 8 + 8 + 4 + 3 * 4 + 2 * 16, Files.size(file));
            assertEquals(5, log.append(patch("A <s> <p> <o5> .")));
            List<LoggedPatch> read = new ArrayList<>();
            log.read(2, read::add);
            assertEquals(List.of(3L, 4L, 5L), read.stream().map(LoggedPatch::version).toList(), "a group is read in part");
            assertEquals("A <s> <p> <o3> .", new String(read.get(0).patch(), StandardCharsets.UTF_8));
            assertEquals(0, read.get(1).patch().length);
        }
        List<Long> replayed = new ArrayList<>();
        try (PatchLog log = PatchLog.open(file, 2, e -> replayed.add(e.version()))) {
            assertEquals(List.of(3L, 4L, 5L), replayed, "a base holding part of a group replays the rest");
            assertEquals(6, log.append(patch("A <s> <p> <o6> .")));
        }
    }

    @Test
    void droppingThroughTheMiddleOfAGroupKeepsTheWholeGroup() throws IOException {
        Path file = dir.resolve("l");
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            log.append(patch("A <s> <p> <o1> ."));
            log.appendAll(List.of(patch("A <s> <p> <o2> ."), patch("A <s> <p> <o3> ."), patch("A <s> <p> <o4> .")));
            log.dropThrough(2);
            assertEquals(2, log.floor());
            List<Long> sent = new ArrayList<>();
            assertTrue(log.read(2, e -> sent.add(e.version())));
            assertEquals(List.of(3L, 4L), sent);
        }
        List<Long> replayed = new ArrayList<>();
        try (PatchLog log = PatchLog.open(file, 2, e -> replayed.add(e.version()))) {
            assertEquals(List.of(3L, 4L), replayed);
            assertEquals(1, log.floor(), "the group's first patch is still in the file");
        }
    }

    @Test
    void aGroupCutShortByACrashIsRemovedWhole() throws IOException {
        Path file = dir.resolve("l");
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            log.append(patch("A <s> <p> <o1> ."));
        }
        long whole = Files.size(file);
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            log.appendAll(List.of(patch("A <s> <p> <o2> ."), patch("A <s> <p> <o3> .")));
        }
        try (FileChannel c = FileChannel.open(file, StandardOpenOption.WRITE)) {
            c.truncate(Files.size(file) - 3);
        }
        List<Long> replayed = new ArrayList<>();
        try (PatchLog log = PatchLog.open(file, 0, e -> replayed.add(e.version()))) {
            assertEquals(List.of(1L), replayed, "none of the unacknowledged group");
            assertEquals(whole, Files.size(file));
            assertEquals(2, log.append(patch("A <s> <p> <o2> .")));
        }
    }

    @Test
    void aLogOfTheFirstFormatIsReadAndRewrittenInTheCurrentOne() throws IOException {
        Path file = dir.resolve("l");
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            log.append(patch("A <s> <p> <o1> ."));
            log.append(patch("A <s> <p> <o2> ."));
        }
        byte[] bytes = Files.readAllBytes(file);
        byte[] formatOne = "LDF-PATCH-LOG 1\n".getBytes(StandardCharsets.US_ASCII);
        System.arraycopy(formatOne, 0, bytes, 0, formatOne.length);
        Files.write(file, bytes);
        List<Long> replayed = new ArrayList<>();
        try (PatchLog log = PatchLog.open(file, 0, e -> replayed.add(e.version()))) {
            assertEquals(List.of(1L, 2L), replayed);
            assertEquals(3, log.appendAll(List.of(patch("A <s> <p> <o3> ."), patch("A <s> <p> <o4> ."))));
        }
        assertEquals("LDF-PATCH-LOG 2\n", new String(Files.readAllBytes(file), 0, 16, StandardCharsets.US_ASCII));
        replayed.clear();
        try (PatchLog log = PatchLog.open(file, 0, e -> replayed.add(e.version()))) {
            assertEquals(List.of(1L, 2L, 3L, 4L), replayed);
        }
    }

    private static byte[] patch(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }
}
