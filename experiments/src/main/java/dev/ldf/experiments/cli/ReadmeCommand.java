package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.ldf.cli.ExitCode;
import dev.ldf.experiments.readme.ReadmeFigures;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(name = "readme", mixinStandardHelpOptions = true,
        description = "Copies the \"In short\" paragraph of each committed experiment summary into the README's "
                + "<!-- results: NAME --> blocks, so that its figures are the results' own.")
final class ReadmeCommand implements Callable<Integer> {

    @Option(names = "--file", defaultValue = "README.md", description = "The README (default: ${DEFAULT-VALUE}).")
    Path file;

    @Option(names = "--results", defaultValue = "experiments/results",
            description = "The results directory (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(names = "--check", description = "Change nothing; exit with 1 when the README differs from the results.")
    boolean check;

    @Override
    public Integer call() throws IOException {
        String readme = Files.readString(file);
        String filled = ReadmeFigures.fill(readme, results);
        if (filled.equals(readme)) {
            System.err.println(file + " matches " + results);
            return ExitCode.OK;
        }
        if (check) {
            System.err.println(file + " differs from " + results + ": run `ldf-experiments readme`");
            return ExitCode.FAILURE;
        }
        Files.writeString(file, filled);
        System.err.println("updated " + file + " from " + results);
        return ExitCode.OK;
    }
}
