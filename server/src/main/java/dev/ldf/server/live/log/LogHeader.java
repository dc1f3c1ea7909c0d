package dev.ldf.server.live.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The first bytes of a {@link PatchLog} file, which say what it is and its format: 1, records of
 * one patch each; 2, also records of several patches ({@link LogScan}). A log of format 1 is read
 * and then rewritten as format 2 ({@link PatchLog#open}), so that a server too old to read groups
 * refuses the file instead of taking a group for damage.
 */
final class LogHeader {

    private static final byte[] MAGIC = "LDF-PATCH-LOG 2\n".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] FORMAT_1 = "LDF-PATCH-LOG 1\n".getBytes(StandardCharsets.US_ASCII);

    private LogHeader() {}

    static byte[] bytes() {
        return MAGIC.clone();
    }

    static int length() {
        return MAGIC.length;
    }

    /**
     * Refuses a file that does not start with a header of either format; returns whether it is of
     * the current one. A header cut short is damage too (the header is forced to disk before any
     * record is written), not a new log.
     */
    static boolean check(Path file, FileChannel channel) throws IOException {
        ByteBuffer magic = ByteBuffer.allocate(MAGIC.length);
        int read = LogScan.readFully(channel, magic, 0);
        if (read == MAGIC.length && Arrays.equals(magic.array(), MAGIC)) {
            return true;
        }
        if (read == FORMAT_1.length && Arrays.equals(magic.array(), FORMAT_1)) {
            return false;
        }
        boolean cutShort = read < MAGIC.length && (Arrays.equals(Arrays.copyOf(magic.array(), read), Arrays.copyOf(MAGIC, read))
                || Arrays.equals(Arrays.copyOf(magic.array(), read), Arrays.copyOf(FORMAT_1, read)));
        if (cutShort) {
            throw new DamagedLogException(file, new LogScan.Damage(0, 0, 0,
                    "the file header is cut short (" + read + " of " + MAGIC.length + " bytes)", false));
        }
        throw new IOException("Not a patch log of this server: " + file);
    }
}
