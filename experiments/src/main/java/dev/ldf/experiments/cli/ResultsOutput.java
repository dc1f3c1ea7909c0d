package dev.ldf.experiments.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.stream.Stream;

import picocli.CommandLine.Option;

/**
 * Where a run writes its results: never over results already there unless told to. A run that
 * finds files in its output directory (committed results, most often) writes beside it, into the
 * same name with the time of the run appended, and says so.
 */
final class ResultsOutput {

    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss");

    @Option(names = "--replace",
            description = "Write over the results already in the output directory; without it, a run that finds "
                    + "results there writes into a new directory beside it.")
    boolean replace;

    /** {@code output}, or a new directory beside it when it holds results and {@code --replace} was not given. */
    Path resolve(Path output, PrintStream progress) throws IOException {
        if (replace || !holdsFiles(output)) {
            return output;
        }
        String stamp = ZonedDateTime.now(ZoneOffset.UTC).format(STAMP);
        Path beside = output.resolveSibling(output.getFileName() + "-" + stamp);
        for (int n = 2; Files.exists(beside); n++) {
            beside = output.resolveSibling(output.getFileName() + "-" + stamp + "-" + n);
        }
        progress.println(output + " holds results already: this run writes to " + beside
                + " (--replace writes over them)");
        return beside;
    }

    private static boolean holdsFiles(Path dir) throws IOException {
        if (!Files.isDirectory(dir)) {
            return Files.exists(dir);
        }
        try (Stream<Path> entries = Files.list(dir)) {
            return entries.findAny().isPresent();
        }
    }
}
