package dev.ldf.server.live.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * Reads the records of a {@link PatchLog}: {@code [length][CRC32C][version][patch]}, the length
 * and the checksum covering version and patch, versions counting up by one. A group record
 * ({@link #GROUP} set in its length) holds several patches that were forced to disk together:
 * {@code [first version][count]} then {@code [length][patch]} for each, their versions counting up
 * from the first; it is whole or not there, as a record of one patch is. Where a record does not
 * read back, it tells a torn tail (what a crash during the last write left: nothing whole after it)
 * from damage (a record that does not read back with an intact record after it, versions out of
 * order): only the first may be removed without asking.
 */
final class LogScan {

    static final int RECORD_HEADER = 4 + 4 + 8;
    /** The bit of a record's length that marks a group of patches. */
    static final int GROUP = 0x8000_0000;
    /** A record larger than this is damage, not a patch: never allocate it. */
    static final int MAX_RECORD_BYTES = 1 << 30;
    private static final int WINDOW = 1 << 20;

    /**
     * Where reading stopped early: at byte {@code offset}, the {@code record}th record (1-based),
     * after {@code lastVersion} (-1 when no record was read).
     */
    record Damage(long offset, long record, long lastVersion, String reason, boolean tornTail) {}

    /** What reading found: the end of the last good record, how many, the last version; damage or null. */
    record Result(long end, long records, long lastVersion, Damage damage) {}

    /** Receives a record and the position after it; false stops the reading. */
    interface Visitor {
        boolean visit(LoggedPatch entry, long next) throws IOException;
    }

    /**
     * A record read at a position: its patches (one, or a group's) and the position after it, or
     * the problem; {@code incomplete} when the problem is what an interrupted append leaves (bytes
     * missing, or a header never written), not bytes that changed: a record whole in length whose
     * checksum fails was damaged after it was written, since {@link PatchLog} forces the body to
     * disk before it writes the header.
     */
    private record Read(List<LoggedPatch> entries, long next, String problem, boolean incomplete) {

        static Read problem(String problem, boolean incomplete) {
            return new Read(List.of(), 0, problem, incomplete);
        }
    }

    private LogScan() {}

    /**
     * Reads the records from {@code from} to {@code limit}, sending each to {@code reader}, and
     * stops at the first that does not read back or breaks the order of versions.
     */
    static Result read(FileChannel channel, long from, long limit, LoggedPatch.Reader reader) throws IOException {
        long at = from;
        long records = 0;
        long last = -1;
        while (at < limit) {
            Read read = readAt(channel, at, limit);
            if (read.problem() != null) {
                // A crash while a record is written and forced may leave any part of it on disk: what
                // does not read back at the end, with nothing whole after it, was never acknowledged.
                boolean torn = read.incomplete() && !intactRecordAfter(channel, at + 1, limit, last);
                return new Result(at, records, last, new Damage(at, records + 1, last, read.problem(), torn));
            }
            long version = read.entries().get(0).version();
            if (records > 0 && version != last + 1) {
                String reason = version == last ? "a second record of version " + version + " (a duplicated record)"
                        : "version " + version + " where " + (last + 1) + " was due";
                return new Result(at, records, last, new Damage(at, records + 1, last, reason, false));
            }
            for (LoggedPatch entry : read.entries()) {
                reader.entry(entry);
                records++;
                last = entry.version();
            }
            at = read.next();
        }
        return new Result(at, records, last, null);
    }

    /**
     * Visits the records from {@code from} to {@code limit}, a part of the log already read whole
     * at its opening; returns the position after the last one visited.
     */
    static long visit(FileChannel channel, long from, long limit, Visitor visitor) throws IOException {
        long at = from;
        while (at < limit) {
            Read read = readAt(channel, at, limit);
            if (read.problem() != null) {
                throw new IOException("Patch log record at byte " + at + " no longer reads back: " + read.problem());
            }
            List<LoggedPatch> entries = read.entries();
            for (int i = 0; i < entries.size(); i++) {
                // A group is kept or dropped whole: after any but its last patch, the log goes on at its start.
                long next = i == entries.size() - 1 ? read.next() : at;
                if (!visitor.visit(entries.get(i), next)) {
                    return next;
                }
            }
            at = read.next();
        }
        return at;
    }

    private static Read readAt(FileChannel channel, long at, long limit) throws IOException {
        if (limit - at < RECORD_HEADER) {
            return Read.problem("an incomplete record header (" + (limit - at) + " bytes)", true);
        }
        ByteBuffer header = ByteBuffer.allocate(8);
        readFully(channel, header, at);
        int length = header.getInt(0) & ~GROUP;
        boolean group = (header.getInt(0) & GROUP) != 0;
        int checksum = header.getInt(4);
        if (length == 0 && checksum == 0 && !group) {
            // The body is written before the header: zeros where the header belongs are a header never written.
            return Read.problem("a record whose header was never written", true);
        }
        if (length < 8 || length > MAX_RECORD_BYTES) {
            return Read.problem("an impossible record length (" + length + ")", false);
        }
        if (at + 8 + length > limit) {
            return Read.problem("a record of " + length + " bytes that runs past the end of the file", true);
        }
        ByteBuffer body = ByteBuffer.allocate(length);
        if (readFully(channel, body, at + 8) < length) {
            return Read.problem("a record cut short", true);
        }
        CRC32C crc = new CRC32C();
        crc.update(body.array(), 0, length);
        if ((int) crc.getValue() != checksum) {
            return Read.problem("a whole record whose checksum does not match its bytes: they changed after it was "
                    + "written (the disk or a copy damaged it), so it may have been acknowledged", false);
        }
        long version = body.getLong(0);
        if (!group) {
            byte[] patch = Arrays.copyOfRange(body.array(), 8, length);
            return new Read(List.of(new LoggedPatch(version, patch)), at + 8 + length, null, false);
        }
        List<LoggedPatch> entries = members(body, version);
        return entries == null ? Read.problem("a group record whose patches do not add up to its length", false)
                : new Read(entries, at + 8 + length, null, false);
    }

    /** The patches of a group record's body, or null when they do not fill it exactly. */
    private static List<LoggedPatch> members(ByteBuffer body, long first) {
        body.position(8);
        if (body.remaining() < 4) {
            return null;
        }
        int count = body.getInt();
        if (count < 1 || count > body.remaining() / 4) {
            return null;
        }
        List<LoggedPatch> entries = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            int size = body.remaining() < 4 ? -1 : body.getInt();
            if (size < 0 || size > body.remaining()) {
                return null;
            }
            byte[] patch = new byte[size];
            body.get(patch);
            entries.add(new LoggedPatch(first + i, patch));
        }
        return body.hasRemaining() ? null : entries;
    }

    /**
     * Whether a whole record with a later version starts anywhere from {@code start}: then the
     * damage before it is not a torn tail. Reads in windows, checking the checksum only where
     * length and version are plausible.
     */
    static boolean intactRecordAfter(FileChannel channel, long start, long limit, long last) throws IOException {
        long lowest = last < 0 ? 0 : last + 1;
        long highest = lowest + (limit - start) / RECORD_HEADER + 1;
        ByteBuffer window = ByteBuffer.allocate(WINDOW + RECORD_HEADER);
        for (long base = start; base + RECORD_HEADER <= limit; base += WINDOW) {
            window.clear();
            window.limit((int) Math.min(window.capacity(), limit - base));
            int n = readFully(channel, window, base);
            for (int i = 0; i < Math.min(WINDOW, n - RECORD_HEADER + 1); i++) {
                int length = window.getInt(i) & ~GROUP;
                long version = window.getLong(i + 8);
                if (length < 8 || length > MAX_RECORD_BYTES || base + i + 8 + length > limit
                        || version < lowest || version > highest) {
                    continue;
                }
                if (readAt(channel, base + i, limit).problem() == null) {
                    return true;
                }
            }
        }
        return false;
    }

    static int readFully(FileChannel channel, ByteBuffer buffer, long at) throws IOException {
        int read = 0;
        while (buffer.hasRemaining()) {
            int n = channel.read(buffer, at + read);
            if (n < 0) {
                break;
            }
            read += n;
        }
        return read;
    }
}
