package dev.ldf.server.live.log;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.Arrays;

/** The first bytes of a {@link PatchLog} file, which say what it is. */
final class LogHeader {

    private static final byte[] MAGIC = "LDF-PATCH-LOG 1\n".getBytes(StandardCharsets.US_ASCII);

    private LogHeader() {}

    static byte[] bytes() {
        return MAGIC.clone();
    }

    static int length() {
        return MAGIC.length;
    }

    /**
     * Refuses a file that does not start with the header. A header cut short is damage too (the
     * header is forced to disk before any record is written), not a new log.
     */
    static void check(Path file, FileChannel channel) throws IOException {
        ByteBuffer magic = ByteBuffer.allocate(MAGIC.length);
        int read = LogScan.readFully(channel, magic, 0);
        if (read == MAGIC.length && Arrays.equals(magic.array(), MAGIC)) {
            return;
        }
        if (read < MAGIC.length && Arrays.equals(Arrays.copyOf(magic.array(), read), Arrays.copyOf(MAGIC, read))) {
            throw new DamagedLogException(file, new LogScan.Damage(0, 0, 0,
                    "the file header is cut short (" + read + " of " + MAGIC.length + " bytes)", false));
        }
        throw new IOException("Not a patch log of this server: " + file);
    }
}
