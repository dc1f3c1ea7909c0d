package dev.ldf.cli.testing;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Assumptions;

/**
 * Tests that need a program from outside the build (nginx, Chromium, wrk, Docker, the built jars):
 * without it they are skipped, unless {@code LDF_REQUIRE_TOOLS=1} (as in CI), where its absence
 * is a failure.
 */
public final class RequiredTools {

    private RequiredTools() {}

    /** The program {@code name} where the {@code PATH} finds it first; null when it does not. */
    public static Path onPath(String name) {
        String path = System.getenv("PATH");
        if (path == null) {
            return null;
        }
        for (String dir : path.split(File.pathSeparator)) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return Path.of(dir, name);
            }
        }
        return null;
    }

    /** Skips the calling test for want of what {@code message} names, or fails it under LDF_REQUIRE_TOOLS=1. */
    public static void missing(String message) {
        if ("1".equals(System.getenv("LDF_REQUIRE_TOOLS"))) {
            throw new AssertionError(message + ", but LDF_REQUIRE_TOOLS=1");
        }
        Assumptions.abort(message + ": skipped");
    }
}
