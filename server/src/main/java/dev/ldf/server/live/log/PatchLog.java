package dev.ldf.server.live.log;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.List;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.hdt.files.Directories;

/**
 * A dataset's write-ahead log: every accepted patch, numbered, appended and forced to disk before
 * it is acknowledged, and read back on start.
 *
 * <p>A record is {@code [length][CRC32C][version][patch]} ({@link LogScan}): the length and
 * checksum cover the version and the patch, so a record cut short by a crash, or damaged, is
 * recognised. Versions count up by one from the first record's. Patches that writers sent at the
 * same time go into one group record ({@link #appendAll}), so that one pair of forces makes them
 * all durable (group commit). Appends are serialised; reading ({@link #read}) goes through its own
 * channel.
 */
public final class PatchLog implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(PatchLog.class);

    private static final byte[] MAGIC = LogHeader.bytes();

    private final Path file;
    private FileChannel channel;
    private long version;
    private long end;
    /** The version before the log's first record: the feed can replay the versions after it. */
    private long floor;
    /**
     * The version the base file held before the last compaction: the log keeps the patches after
     * it, so that followers lagging behind a compaction still find theirs in the feed.
     */
    private long keptAfter;

    private PatchLog(Path file, FileChannel channel, long version, long end, long floor, long keptAfter) {
        this.file = file;
        this.channel = channel;
        this.version = version;
        this.end = end;
        this.floor = floor;
        this.keptAfter = keptAfter;
    }

    /**
     * Opens the log at {@code file}, creating it (and its directory) if needed, and sends the
     * whole records after {@code baseVersion} to {@code replay}: the base (an HDT file that a
     * compaction wrote) already holds the earlier ones. A log that starts after
     * {@code baseVersion + 1} lacks patches and is refused.
     *
     * <p>Only a torn tail is removed by itself: an incomplete last record, which a crash during
     * its write leaves and which was never acknowledged. Any other damage (a record that does not
     * read back, with intact records after it; versions out of order; a damaged file header)
     * refuses the start with a {@link DamagedLogException} and leaves the file as it is: cutting
     * there would destroy acknowledged patches. {@link LogRepair} is the operator's way out.
     */
    public static PatchLog open(Path file, long baseVersion, LoggedPatch.Reader replay) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        boolean created = !Files.exists(file);
        FileChannel channel = FileChannel.open(file, StandardOpenOption.CREATE, StandardOpenOption.READ,
                StandardOpenOption.WRITE);
        try {
            if (created || channel.size() == 0) {
                channel.truncate(0);
                channel.write(ByteBuffer.wrap(MAGIC), 0);
                channel.force(true);
                Directories.force(dir);
                return new PatchLog(file, channel, baseVersion, MAGIC.length, baseVersion, baseVersion);
            }
            boolean current = LogHeader.check(file, channel);
            long[] first = {-1};
            LogScan.Result scanned = LogScan.read(channel, MAGIC.length, channel.size(), entry -> {
                if (first[0] < 0) {
                    first[0] = entry.version();
                    if (entry.version() > baseVersion + 1) {
                        throw new IOException("Patch log " + file + " starts at version " + entry.version()
                                + " but the HDT file holds the changes up to version " + baseVersion
                                + " only: the patches between are missing");
                    }
                }
                if (entry.version() > baseVersion) {
                    // Every later record is replayed: stopping here would cut the log short.
                    replay.entry(entry);
                }
                return true;
            });
            long good = scanned.end();
            if (scanned.damage() != null) {
                if (!scanned.damage().tornTail()) {
                    throw new DamagedLogException(file, scanned.damage());
                }
                Path kept = LogRepair.keepTail(file, channel, good, ".torn-" + System.currentTimeMillis());
                LOG.warn("Patch log {}: the end of the file after version {} does not read back ({}): what a crash "
                        + "during a write leaves, never acknowledged. Its {} bytes were removed from the log and kept "
                        + "in {}", file, scanned.lastVersion(), scanned.damage().reason(), channel.size() - good, kept);
                channel.truncate(good);
                channel.force(true);
            }
            long version = Math.max(baseVersion, scanned.records() == 0 ? baseVersion : scanned.lastVersion());
            PatchLog log = new PatchLog(file, channel, version, good, first[0] < 0 ? version : first[0] - 1, baseVersion);
            if (!current) {
                // Format 1 holds no groups: the same records under the current header, replacing the file at once.
                log.replaceWithRecordsFrom(MAGIC.length);
                LOG.info("Patch log {}: rewritten in the current format (records of several patches allowed)", file);
            }
            return log;
        } catch (IOException | RuntimeException e) {
            channel.close();
            throw e;
        }
    }

    /** The version of the last record, or the base version of an empty log. */
    public synchronized long version() {
        return version;
    }

    public Path file() {
        return file;
    }

    /** The version before the log's first record: {@link #read} can send the versions after it. */
    public synchronized long floor() {
        return floor;
    }

    /**
     * Notes a compaction that folded the patches through {@code compactedVersion} into a new base:
     * drops those the previous compaction folded in, and keeps the ones since for followers that
     * lag behind.
     */
    public synchronized void compacted(long compactedVersion) throws IOException {
        dropThrough(keptAfter);
        keptAfter = compactedVersion;
    }

    /**
     * Drops the records up to {@code version}, which a compaction has folded into the base: the
     * later ones are copied to a new file that then replaces the log by an atomic rename. A crash
     * before the rename leaves the whole old log, whose earlier records the next start skips.
     */
    public synchronized void dropThrough(long version) throws IOException {
        if (version <= floor) {
            return;
        }
        long[] position = {MAGIC.length};
        LogScan.visit(channel, MAGIC.length, end, (entry, next) -> {
            if (entry.version() > version) {
                return false;
            }
            position[0] = next;
            return true;
        });
        long from = position[0];
        replaceWithRecordsFrom(from);
        floor = Math.min(version, this.version);
    }

    /**
     * Empties the log, whose records a new base file holds, and continues it after {@code version}
     * (a follower given a copy of its primary's file). The empty log replaces this one by an atomic
     * rename; a crash before it leaves the old records, which the next start skips as older than
     * the base.
     */
    public synchronized void resetTo(long version) throws IOException {
        replaceWithRecordsFrom(end);
        this.version = version;
        floor = version;
        keptAfter = version;
    }

    /**
     * Replaces the log by a new file holding its records from byte {@code from} on, written beside
     * it, forced, and renamed into its place; the channel then reads and appends the new file.
     */
    private void replaceWithRecordsFrom(long from) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Path next = dir.resolve(file.getFileName() + ".next");
        try (FileChannel out = FileChannel.open(next, StandardOpenOption.CREATE, StandardOpenOption.TRUNCATE_EXISTING,
                StandardOpenOption.WRITE)) {
            out.write(ByteBuffer.wrap(MAGIC), 0);
            long copied = 0;
            while (copied < end - from) {
                copied += channel.transferTo(from + copied, end - from - copied, out.position(MAGIC.length + copied));
            }
            out.force(true);
        }
        Files.move(next, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        Directories.force(dir);
        FileChannel reopened = FileChannel.open(file, StandardOpenOption.READ, StandardOpenOption.WRITE);
        channel.close();
        channel = reopened;
        end = MAGIC.length + (end - from);
    }

    /** Writes a record's patch text. */
    @FunctionalInterface
    public interface Patch {
        void writeTo(OutputStream out) throws IOException;
    }

    /** Appends {@code patch} as the next version and forces it to disk; returns that version. */
    public long append(byte[] patch) throws IOException {
        return append(out -> out.write(patch));
    }

    /**
     * Appends the text {@code patch} writes as the next version and forces it to disk; returns
     * that version. The text streams into the file (a large patch is never copied in memory).
     */
    public synchronized long append(Patch patch) throws IOException {
        long next = version + 1;
        writeRecord(0, out -> {
            out.write(ByteBuffer.allocate(8).putLong(next).array());
            patch.writeTo(out);
        });
        version = next;
        return next;
    }

    /**
     * Appends {@code patches} as the next versions, in order, and forces them to disk together:
     * one record, whole or not there after a crash; returns the version of the first. One patch
     * makes a record of its own.
     */
    public synchronized long appendAll(List<byte[]> patches) throws IOException {
        if (patches.size() == 1) {
            return append(patches.get(0));
        }
        long first = version + 1;
        writeRecord(LogScan.GROUP, out -> {
            ByteBuffer head = ByteBuffer.allocate(12).putLong(first).putInt(patches.size());
            out.write(head.array());
            for (byte[] patch : patches) {
                out.write(ByteBuffer.allocate(4).putInt(patch.length).array());
                out.write(patch);
            }
        });
        version = first + patches.size() - 1;
        return first;
    }

    /**
     * Writes a record whose body {@code body} writes, {@code flags} in its length, and forces it:
     * the header, with the length and the checksum, is written last. On failure the log is cut back
     * to where it was, so no half record stays behind it.
     */
    private void writeRecord(int flags, Patch body) throws IOException {
        long at = end;
        try {
            LogRecordStream out = new LogRecordStream(channel, at + 8);
            body.writeTo(out);
            out.flush();
            // The body is on disk before its header is written: a crash leaves a record whose
            // header is missing or whose length runs past the end (a torn tail, never acknowledged),
            // never a whole record whose checksum fails, which is damage to an acknowledged one.
            channel.force(false);
            ByteBuffer header = ByteBuffer.allocate(8).putInt((int) out.length() | flags).putInt(out.checksum()).flip();
            while (header.hasRemaining()) {
                channel.write(header, at + header.position());
            }
            channel.force(false);
            end = at + 8 + out.length();
        } catch (IOException | RuntimeException e) {
            channel.truncate(end);
            throw e;
        }
    }

    /**
     * Sends the records after {@code since} in order, up to the version current when called;
     * false, sending none, when {@code since} is below {@link #floor()}.
     */
    public boolean read(long since, LoggedPatch.Reader reader) throws IOException {
        long upTo;
        long limit;
        FileChannel in;
        synchronized (this) {
            if (since < floor) {
                return false;
            }
            upTo = version;
            limit = end;
            // Opened here: a concurrent dropThrough replaces the file, not this channel's content.
            in = since < upTo ? FileChannel.open(file, StandardOpenOption.READ) : null;
        }
        if (in == null) {
            return true;
        }
        try (in) {
            LogScan.visit(in, MAGIC.length, limit, (entry, next) -> entry.version() <= since || reader.entry(entry));
        }
        return true;
    }

    @Override
    public synchronized void close() {
        try {
            channel.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
