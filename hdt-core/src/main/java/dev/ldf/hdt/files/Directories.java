package dev.ldf.hdt.files;

import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.Iterator;
import java.util.stream.Stream;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Work directories (of conversions, experiments, tests and benchmarks), and new names in a directory made durable. */
public final class Directories {

    private static final Logger LOG = LoggerFactory.getLogger(Directories.class);

    private Directories() {}

    /** Deletes {@code dir} and everything in it; nothing happens when it does not exist. */
    public static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            // Deepest first, so that each directory is empty when its turn comes.
            for (Iterator<Path> it = paths.sorted(Comparator.reverseOrder()).iterator(); it.hasNext(); ) {
                Files.deleteIfExists(it.next());
            }
        }
    }

    /**
     * Makes the names of the files just created or renamed in {@code dir} durable. Linux allows
     * forcing a directory opened for reading; other systems refuse, and there the names'
     * durability is the file system's affair.
     */
    public static void force(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException refused) {
            // Not allowed on this system (see above); nothing else can be done here, but say so to whoever looks.
            LOG.debug("Could not force the directory {} to disk: {}", dir, refused.toString());
        }
    }
}
