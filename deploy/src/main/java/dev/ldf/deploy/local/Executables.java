package dev.ldf.deploy.local;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Finds the external programs the tools drive (nginx, wrk) the way a shell would, plus a few usual places. */
public final class Executables {

    private Executables() {}

    /** The executable {@code name} on the PATH or in {@code extraDirs}, in that order. */
    public static Optional<String> find(String name, String... extraDirs) {
        String path = System.getenv().getOrDefault("PATH", "") + ":" + String.join(":", extraDirs);
        for (String dir : path.split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return Optional.of(Path.of(dir, name).toString());
            }
        }
        return Optional.empty();
    }
}
