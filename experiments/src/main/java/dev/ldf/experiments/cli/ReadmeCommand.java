package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import dev.ldf.cli.ExitCode;
import dev.ldf.experiments.readme.ReadmeFigures;
import dev.ldf.cli.QuietOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "readme", mixinStandardHelpOptions = true,
        description = "Copies the \"In short\" paragraph of each committed experiment summary into the "
                + "<!-- results: NAME --> blocks of the README and of docs/*.md, so that their figures are the results' own.")
final class ReadmeCommand implements Callable<Integer> {

    @Mixin
    QuietOption quiet;

    @Option(names = "--file", description = "One file to fill (default: README.md and docs/*.md).")
    Path file;

    @Option(names = "--results", defaultValue = "experiments/results",
            description = "The results directory (default: ${DEFAULT-VALUE}).")
    Path results;

    @Option(names = "--check", description = "Change nothing; exit with 1 when the README differs from the results.")
    boolean check;

    @Override
    public Integer call() throws IOException {
        int code = ExitCode.OK;
        for (Path page : file != null ? List.of(file) : ReadmeFigures.pages(Path.of(""))) {
            String text = Files.readString(page);
            String filled = ReadmeFigures.fill(text, results);
            if (filled.equals(text)) {
                quiet.progress(System.err).println(page + " matches " + results);
            } else if (check) {
                System.err.println(page + " differs from " + results + ": run `ldf-experiments readme`");
                code = ExitCode.FAILURE;
            } else {
                Files.writeString(page, filled);
                quiet.progress(System.err).println("updated " + page + " from " + results);
            }
        }
        return code;
    }
}
