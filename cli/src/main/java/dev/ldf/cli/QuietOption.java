package dev.ldf.cli;

import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.Optional;

import picocli.CommandLine.Option;

/**
 * {@code -q/--quiet}, as every command spells it: no progress. Where {@code -q} once named a file
 * of queries ({@code ldf-watdiv evaluate}, {@code ldf-experiments}), a value after it still does
 * for one more release, with a one-line notice that names the new spelling, {@code --queries}.
 */
public final class QuietOption {

    @Option(names = {"-q", "--quiet"}, arity = "0..1", fallbackValue = "", paramLabel = "",
            description = "No progress. (Followed by a file: the old spelling of --queries, with a notice.)")
    String value;

    /** Whether progress is off. */
    public boolean quiet() {
        return value != null && value.isEmpty();
    }

    /** Where progress goes: {@code err}, or nowhere with {@code -q}. */
    public PrintStream progress(PrintStream err) {
        return quiet() ? new PrintStream(OutputStream.nullOutputStream()) : err;
    }

    /** The file that {@code -q FILE}, the old spelling, named; said once on {@code err}. */
    public Optional<Path> oldQueriesFile(PrintStream err) {
        if (value == null || value.isEmpty()) {
            return Optional.empty();
        }
        err.println("notice: -q " + value + " is --queries " + value + " now (-q means quiet in every command; "
                + "the old spelling goes in the next release)");
        return Optional.of(Path.of(value));
    }
}
