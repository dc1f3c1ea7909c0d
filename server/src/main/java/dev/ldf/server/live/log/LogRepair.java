package dev.ldf.server.live.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import dev.ldf.hdt.files.Directories;

/**
 * An operator's repair of a damaged {@link PatchLog} ({@code ldf-server --repair-log FILE}): a copy
 * of the whole file is kept beside it first, then the log is cut at the first record that does not
 * read back, or that breaks the order of versions, and the server can start again at the last
 * version before it. The patches after the cut are lost to this server (they are in the copy):
 * writers, or a follower's primary, must send them again.
 */
public final class LogRepair {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd'T'HHmmss", Locale.ROOT);

    /**
     * What a repair did: {@code copy} is null when the log needed none; {@code kept} whole records
     * up to {@code lastVersion} (-1 when none), {@code cut} bytes removed from byte
     * {@code offset} on, where it found {@code damage}.
     */
    public record Report(Path file, Path copy, long kept, long lastVersion, long offset, long cut, String damage,
            boolean laterRecords) {

        /** For the operator, a few lines. */
        public String describe() {
            if (copy == null) {
                return String.format(Locale.ROOT, "Patch log %s: %,d whole records%s, nothing to repair.", file, kept,
                        lastVersion < 0 ? "" : " up to version " + lastVersion);
            }
            return String.format(Locale.ROOT, "Patch log %s: %s at byte %,d.%n"
                    + "Kept %,d whole records%s; removed %,d bytes from byte %,d on%s.%n"
                    + "A copy of the whole file as it was: %s%n"
                    + "The server starts at %s; changes after it must be sent again.",
                    file, damage, offset, kept, lastVersion < 0 ? "" : " (up to version " + lastVersion + ")", cut, offset,
                    laterRecords ? ", among them intact records after the damage" : "", copy,
                    lastVersion < 0 ? "the version its HDT file holds" : "version " + lastVersion);
        }
    }

    private LogRepair() {}

    /** Repairs {@code file} if it needs it; a file that is no patch log is refused untouched. */
    public static Report repair(Path file) throws IOException {
        LogScan.Result scanned;
        long size;
        boolean header = true;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            size = channel.size();
            try {
                LogHeader.check(file, channel);
            } catch (DamagedLogException e) {
                header = false;
            }
            scanned = header ? LogScan.read(channel, LogHeader.length(), size, entry -> true)
                    : new LogScan.Result(0, 0, -1, new LogScan.Damage(0, 0, -1, "the file header is cut short", false));
        }
        if (scanned.damage() == null) {
            return new Report(file, null, scanned.records(), scanned.lastVersion(), size, 0, null, false);
        }
        LogScan.Damage damage = scanned.damage();
        boolean later;
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.READ)) {
            later = header && LogScan.intactRecordAfter(channel, damage.offset() + 1, size, damage.lastVersion());
        }
        Path copy = file.resolveSibling(file.getFileName() + ".damaged-" + LocalDateTime.now().format(STAMP));
        Files.copy(file, copy, StandardCopyOption.COPY_ATTRIBUTES);
        force(copy);
        long keep = header ? damage.offset() : 0;
        Path next = file.resolveSibling(file.getFileName() + ".repaired");
        Files.copy(file, next, StandardCopyOption.REPLACE_EXISTING);
        try (FileChannel out = FileChannel.open(next, StandardOpenOption.WRITE)) {
            if (!header) {
                out.truncate(0);
                out.write(ByteBuffer.wrap(LogHeader.bytes()), 0);
                keep = LogHeader.length();
            } else {
                out.truncate(keep);
            }
            out.force(true);
        }
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Directories.force(file.toAbsolutePath().getParent());
        return new Report(file, copy, scanned.records(), scanned.lastVersion(), damage.offset(), size - keep,
                damage.reason(), later);
    }

    /**
     * Copies the bytes of {@code channel} from {@code from} to its end into a new file beside
     * {@code file}, named with {@code suffix}, forced to disk: what a cut removes is kept.
     */
    static Path keepTail(Path file, FileChannel channel, long from, String suffix) throws IOException {
        Path kept = file.resolveSibling(file.getFileName() + suffix);
        try (FileChannel out = FileChannel.open(kept, StandardOpenOption.CREATE_NEW, StandardOpenOption.WRITE)) {
            long size = channel.size();
            for (long copied = 0; copied < size - from; ) {
                copied += channel.transferTo(from + copied, size - from - copied, out);
            }
            out.force(true);
        }
        return kept;
    }

    private static void force(Path file) throws IOException {
        try (FileChannel channel = FileChannel.open(file, StandardOpenOption.WRITE)) {
            channel.force(true);
        }
    }
}
