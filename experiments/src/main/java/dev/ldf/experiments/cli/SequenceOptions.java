package dev.ldf.experiments.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.List;

import dev.ldf.watdiv.workload.Workload;
import dev.ldf.watdiv.workload.WorkloadFiles;
import dev.ldf.cli.QuietOption;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/** The query sequence one client runs: the generated one, or a file, whole or its first queries. */
final class SequenceOptions {

    @Option(names = "--queries", description = "The query sequence (default: the generated 145-query sequence).")
    Path queries;

    @Mixin
    QuietOption quiet;

    @Option(names = "--limit", description = "Run only the first N queries of the sequence.")
    Integer limit;

    /** Where progress goes: standard error, or nowhere with {@code -q}. */
    PrintStream progress() {
        return quiet.progress(System.err);
    }

    /** The sequence's file, generated with the workloads if it is not there yet. */
    Path file(ExperimentOptions experiment) throws IOException {
        quiet.oldQueriesFile(System.err).ifPresent(old -> queries = old);
        if (queries != null && !Files.isRegularFile(queries)) {
            throw new NoSuchFileException(queries.toString());
        }
        return queries != null ? queries : experiment.workload().sequence(WorkloadFiles.Settings.SEQUENCE);
    }

    /** The queries of {@code file}, the first {@code --limit} of them if given. */
    List<Workload.Entry> read(Path file) throws IOException {
        List<Workload.Entry> sequence = Workload.read(file);
        return limit != null && limit < sequence.size() ? sequence.subList(0, limit) : sequence;
    }

    /** How the setup line names the sequence. */
    String name(Path file) {
        return String.valueOf(queries != null ? queries : file.getFileName());
    }
}
