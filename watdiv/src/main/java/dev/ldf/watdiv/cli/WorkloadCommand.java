package dev.ldf.watdiv.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.ldf.cli.ProgressLine;
import dev.ldf.cli.QuietOption;
import dev.ldf.watdiv.workload.WorkloadFiles.Settings;
import dev.ldf.watdiv.workload.WorkloadFiles;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "workload", mixinStandardHelpOptions = true,
        description = "Writes query workloads for a generated dataset: the basic templates instantiated, stress "
                + "templates by random walks, their pool, a sequence drawn from it, and client sequences.")
final class WorkloadCommand implements Callable<Integer> {
    @Mixin
    DataOptions data;

    @Mixin
    QuietOption quiet;

    @Option(names = {"-o", "--output"}, required = true, description = "The directory for the workload files.")
    Path output;

    @Option(names = "--templates", defaultValue = "" + Settings.TEMPLATES, description = "Stress templates (default: ${DEFAULT-VALUE}).")
    int templates;

    @Option(names = "--instances", defaultValue = "" + Settings.INSTANCES, description = "Instances per template (default: ${DEFAULT-VALUE}).")
    int instances;

    @Option(names = "--max-size", defaultValue = "" + Settings.MAX_SIZE, description = "Most triple patterns per stress template (default: ${DEFAULT-VALUE}).")
    int maxSize;

    @Option(names = "--max-intermediate", defaultValue = "" + Settings.MAX_INTERMEDIATE,
            description = "Drop stress templates whose estimated largest intermediate result, for every choice of "
                    + "constant, exceeds this (default: ${DEFAULT-VALUE}).")
    double maxIntermediate;

    @Option(names = "--sequence", defaultValue = "" + Settings.SEQUENCE, description = "Queries in the sequence (default: ${DEFAULT-VALUE}).")
    int sequence;

    @Option(names = "--clients", defaultValue = "" + Settings.CLIENTS, description = "Client sequences (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--client-length", defaultValue = "" + Settings.CLIENT_LENGTH, description = "Queries per client sequence (default: ${DEFAULT-VALUE}).")
    int clientLength;

    @Override
    public Integer call() throws IOException {
        quiet.progress(System.err).println(new WorkloadFiles(output).write(data.generator(), new Settings(templates,
                instances, maxSize, maxIntermediate, sequence, clients, clientLength),
                ProgressLine.standardError(quiet.quiet())));
        return 0;
    }
}
