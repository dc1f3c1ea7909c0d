package dev.ldf.server.live.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.CRC32C;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;


import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;




/**
 * Issue 32: a damaged log never loses acknowledged patches by itself. Only a torn tail (the last
 * record cut short, or left as zeros, by a crash during its write) is dropped when the log opens;
 * any other damage refuses the start, names the record and byte, and leaves the file as it was;
 * {@code ldf-server --repair-log} cuts it, keeping a copy of the whole file (MainTest runs the command).
 */
class PatchLogDamageTest {

    private static final int RECORDS = 40;
    private static final int DAMAGED = 20;
    private static final int MAGIC = 16;
    private static final int HEADER = 16;

    @TempDir
    Path dir;

    /** A whole log of 40 records, and the byte at which each starts (index 1 to 40, 41 the end). */
    private record Log(Path file, byte[] bytes, long[] starts) {}

    private Log log() throws IOException {
        Path file = dir.resolve("library.hdt.patches");
        long[] starts = new long[RECORDS + 2];
        try (PatchLog log = PatchLog.open(file, 0, e -> true)) {
            for (int i = 1; i <= RECORDS; i++) {
                starts[i] = Files.size(file);
                log.append(("TX .\nA <http://ex.org/s> <http://ex.org/p> \"patch " + i + "\" .\nTC .\n")
                        .getBytes(StandardCharsets.UTF_8));
            }
        }
        starts[RECORDS + 1] = Files.size(file);
        return new Log(file, Files.readAllBytes(file), starts);
    }

    static Stream<Arguments> middleDamage() {
        // Where in record 20 one bit flips: its length, its checksum, its version, its text.
        return Stream.of(Arguments.of("length", 3), Arguments.of("checksum", 5), Arguments.of("version", 15),
                Arguments.of("text", HEADER + 20));
    }

    @ParameterizedTest(name = "a bit flipped in the {0} of a middle record")
    @MethodSource("middleDamage")
    void damageBeforeIntactRecordsRefusesTheStartAndLeavesTheFile(String part, int at) throws IOException {
        Log log = log();
        byte[] damaged = log.bytes().clone();
        damaged[(int) log.starts()[DAMAGED] + at] ^= 0x10;
        Files.write(log.file(), damaged);

        DamagedLogException e = assertThrows(DamagedLogException.class, () -> PatchLog.open(log.file(), 0, x -> true));
        assertEquals(log.starts()[DAMAGED], e.offset(), e.getMessage());
        assertEquals(DAMAGED, e.record());
        assertTrue(e.getMessage().contains("at byte " + log.starts()[DAMAGED] + " (record 20, after version 19)"),
                e.getMessage());
        assertTrue(e.getMessage().contains("--repair-log " + log.file()), e.getMessage());
        assertArrayEquals(damaged, Files.readAllBytes(log.file()), "the file is left as it was");

        LogRepair.Report report = LogRepair.repair(log.file());
        assertNotNull(report.copy());
        assertArrayEquals(damaged, Files.readAllBytes(report.copy()), "the copy holds the whole damaged file");
        assertEquals(19, report.lastVersion());
        assertTrue(report.laterRecords(), "the report says intact records were cut");
        assertTrue(report.describe().contains(report.copy().toString()), report.describe());
        List<Long> replayed = new ArrayList<>();
        try (PatchLog repaired = PatchLog.open(log.file(), 0, x -> replayed.add(x.version()))) {
            assertEquals(19, repaired.version());
            assertEquals(20, repaired.append("A <http://ex.org/s> <http://ex.org/p> \"again\" .\n".getBytes(StandardCharsets.UTF_8)));
        }
        assertEquals(19, replayed.size());
    }

    @Test
    void aTornTailIsDroppedByItself() throws IOException {
        Log log = log();
        for (int cut : new int[] {1, 3, HEADER - 1, HEADER + 5}) {
            Files.write(log.file(), Arrays.copyOf(log.bytes(), log.bytes().length - cut));
            List<Long> replayed = new ArrayList<>();
            try (PatchLog opened = PatchLog.open(log.file(), 0, x -> replayed.add(x.version()))) {
                assertEquals(RECORDS - 1, opened.version(), "cut by " + cut);
            }
            assertEquals(RECORDS - 1, replayed.size());
            assertEquals(log.starts()[RECORDS], Files.size(log.file()), "the torn record is removed");
            Files.delete(tornFile(log));
        }
    }

    @Test
    void aRecordHeaderCutShortAtTheEndIsATornTail() throws IOException {
        Log log = log();
        byte[] torn = Arrays.copyOf(log.bytes(), log.bytes().length + 7);
        ByteBuffer.wrap(torn, log.bytes().length, 7).putInt(60).put((byte) 1);
        Files.write(log.file(), torn);
        try (PatchLog opened = PatchLog.open(log.file(), 0, x -> true)) {
            assertEquals(RECORDS, opened.version());
        }
        assertArrayEquals(log.bytes(), Files.readAllBytes(log.file()));
    }

    @Test
    void zerosAfterTheLastRecordAreATornTail() throws IOException {
        Log log = log();
        Files.write(log.file(), Arrays.copyOf(log.bytes(), log.bytes().length + 4096));
        try (PatchLog opened = PatchLog.open(log.file(), 0, x -> true)) {
            assertEquals(RECORDS, opened.version());
        }
        assertArrayEquals(log.bytes(), Files.readAllBytes(log.file()));
    }

    /**
     * Issue 47: a flipped bit in the last record was taken for a torn tail and dropped, though the
     * record is whole and may have been acknowledged. An append forces the body before it writes
     * the header, so a crash leaves a record cut short or without a header, never a whole record
     * whose checksum fails: that is damage, and the start is refused.
     */
    @Test
    void aWholeLastRecordThatFailsItsChecksumRefusesTheStart() throws IOException {
        Log log = log();
        byte[] damaged = log.bytes().clone();
        damaged[damaged.length - 5] ^= 0x01;
        Files.write(log.file(), damaged);
        DamagedLogException refused = assertThrows(DamagedLogException.class, () -> PatchLog.open(log.file(), 0, x -> true));
        assertTrue(refused.getMessage().contains("checksum") && refused.getMessage().contains("may have been acknowledged"),
                refused.getMessage());
        assertArrayEquals(damaged, Files.readAllBytes(log.file()), "the file is left as it is");
    }

    /** A last record cut short, as a crash during its write leaves it: a torn tail, dropped, its bytes kept. */
    @Test
    void aLastRecordCutShortIsDroppedAndItsBytesKeptBesideTheLog() throws IOException {
        Log log = log();
        byte[] cut = Arrays.copyOf(log.bytes(), log.bytes().length - 3);
        Files.write(log.file(), cut);
        try (PatchLog opened = PatchLog.open(log.file(), 0, x -> true)) {
            assertEquals(RECORDS - 1, opened.version());
        }
        byte[] tail = Arrays.copyOfRange(cut, (int) log.starts()[RECORDS], cut.length);
        assertArrayEquals(tail, Files.readAllBytes(tornFile(log)), "what was cut is kept");
    }

    /** A last record whose header was never written (zeros, the body on disk): a torn tail. */
    @Test
    void aLastRecordWithoutItsHeaderIsATornTail() throws IOException {
        Log log = log();
        byte[] headless = log.bytes().clone();
        Arrays.fill(headless, (int) log.starts()[RECORDS], (int) log.starts()[RECORDS] + 8, (byte) 0);
        Files.write(log.file(), headless);
        try (PatchLog opened = PatchLog.open(log.file(), 0, x -> true)) {
            assertEquals(RECORDS - 1, opened.version());
        }
    }

    /**
     * A group record whose checksum holds but whose patches do not fill it exactly (a writer's
     * bug or a forged file, never a crash): damage, the start refused and the file left as it is.
     */
    @Test
    void aGroupRecordWhosePatchesDoNotAddUpRefusesTheStart() throws IOException {
        Log log = log();
        byte[] patch = "A <http://ex.org/s> <http://ex.org/p> \"x\" .\n".getBytes(StandardCharsets.UTF_8);
        // Version 41, two patches said, one there.
        ByteBuffer body = ByteBuffer.allocate(8 + 4 + 4 + patch.length).putLong(RECORDS + 1).putInt(2)
                .putInt(patch.length).put(patch);
        CRC32C crc = new CRC32C();
        crc.update(body.array());
        ByteBuffer record = ByteBuffer.allocate(8 + body.capacity()).putInt(body.capacity() | LogScan.GROUP)
                .putInt((int) crc.getValue()).put(body.array());
        byte[] bytes = Arrays.copyOf(log.bytes(), log.bytes().length + record.capacity());
        System.arraycopy(record.array(), 0, bytes, log.bytes().length, record.capacity());
        Files.write(log.file(), bytes);
        DamagedLogException e = assertThrows(DamagedLogException.class, () -> PatchLog.open(log.file(), 0, x -> true));
        assertTrue(e.getMessage().contains("do not add up"), e.getMessage());
        assertArrayEquals(bytes, Files.readAllBytes(log.file()));
    }

    private Path tornFile(Log log) throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            List<Path> torn = files.filter(f -> f.getFileName().toString().startsWith(log.file().getFileName() + ".torn-"))
                    .toList();
            assertEquals(1, torn.size(), torn.toString());
            return torn.get(0);
        }
    }

    @Test
    void aDuplicatedRecordRefusesTheStart() throws IOException {
        Log log = log();
        int from = (int) log.starts()[DAMAGED];
        int to = (int) log.starts()[DAMAGED + 1];
        byte[] twice = new byte[log.bytes().length + (to - from)];
        System.arraycopy(log.bytes(), 0, twice, 0, to);
        System.arraycopy(log.bytes(), from, twice, to, log.bytes().length - from);
        Files.write(log.file(), twice);
        DamagedLogException e = assertThrows(DamagedLogException.class, () -> PatchLog.open(log.file(), 0, x -> true));
        assertEquals(to, e.offset());
        assertTrue(e.getMessage().contains("a second record of version 20 (a duplicated record)"), e.getMessage());
        assertArrayEquals(twice, Files.readAllBytes(log.file()));
    }

    @Test
    void aFileHeaderCutShortRefusesTheStart() throws IOException {
        Log log = log();
        byte[] cut = Arrays.copyOf(log.bytes(), 7);
        Files.write(log.file(), cut);
        DamagedLogException e = assertThrows(DamagedLogException.class, () -> PatchLog.open(log.file(), 0, x -> true));
        assertTrue(e.getMessage().contains("file header is cut short"), e.getMessage());
        assertArrayEquals(cut, Files.readAllBytes(log.file()));
        LogRepair.Report report = LogRepair.repair(log.file());
        assertNotNull(report.copy());
        try (PatchLog repaired = PatchLog.open(log.file(), 0, x -> true)) {
            assertEquals(0, repaired.version());
        }
    }

    @Test
    void aWholeLogNeedsNoRepair() throws IOException {
        Log log = log();
        LogRepair.Report report = LogRepair.repair(log.file());
        assertEquals(null, report.copy());
        assertEquals(RECORDS, report.lastVersion());
        assertArrayEquals(log.bytes(), Files.readAllBytes(log.file()));
    }
}
