package dev.ldf.hdt.files;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Iterator;
import java.util.stream.Stream;

/** Work directories of conversions, experiments, tests and benchmarks. */
public final class Directories {

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
}
