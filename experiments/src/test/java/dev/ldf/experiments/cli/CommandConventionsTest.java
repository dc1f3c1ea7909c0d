package dev.ldf.experiments.cli;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ldf.client.cli.QueryCommand;
import dev.ldf.deploy.DeployCommand;
import dev.ldf.hdt.cli.HdtDataCommand;
import dev.ldf.server.Main;
import dev.ldf.watdiv.cli.WatDivCommand;
import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * One convention for every command of the project (issue 33), checked on the commands themselves
 * rather than on their help texts: {@code -V} prints the version, {@code -q} is quiet, and
 * {@code -o} names a file or directory, never a format.
 */
class CommandConventionsTest {

    /** Every command and subcommand, as picocli sees it. */
    private static List<CommandSpec> commands() {
        List<CommandSpec> all = new ArrayList<>();
        for (Object command : List.of(new Main(), new QueryCommand(), new HdtDataCommand(), new WatDivCommand(),
                new ExperimentsCommand(), new DeployCommand())) {
            collect(new CommandLine(command).getCommandSpec(), all);
        }
        return all;
    }

    private static void collect(CommandSpec spec, List<CommandSpec> all) {
        all.add(spec);
        spec.subcommands().values().forEach(sub -> collect(sub.getCommandSpec(), all));
    }

    @Test
    void everyCommandHasTheSameShortOptions() {
        List<String> problems = new ArrayList<>();
        for (CommandSpec spec : commands()) {
            String name = spec.qualifiedName();
            OptionSpec version = spec.findOption("-V");
            if (version == null || !version.versionHelp()) {
                problems.add(name + ": -V does not print the version");
            }
            OptionSpec quiet = spec.findOption("-q");
            if (quiet != null && !quiet.longestName().equals("--quiet")) {
                problems.add(name + ": -q is " + quiet.longestName() + ", not --quiet");
            }
            OptionSpec output = spec.findOption("-o");
            // ldf-query reads -o as text for one release: "-o csv", the old spelling of --format, gets a notice.
            Class<?> fileType = name.equals("ldf-query") ? String.class : Path.class;
            if (output != null && (!output.longestName().equals("--output") || output.type() != fileType)) {
                problems.add(name + ": -o is " + output.longestName() + " (" + output.type().getSimpleName()
                        + "), not --output naming a file");
            }
        }
        assertTrue(problems.isEmpty(), String.join("\n", problems));
    }

    /** The commands that run for minutes (conversion, generation, experiments) show progress, and -q turns it off. */
    @Test
    void everyLongRunningCommandCanBeQuiet() {
        List<String> missing = new ArrayList<>();
        for (CommandSpec spec : commands()) {
            String name = spec.qualifiedName();
            boolean longRunning = name.startsWith("ldf-experiments ") || name.equals("ldf-hdt convert")
                    || name.equals("ldf-hdt index") || name.startsWith("ldf-watdiv ") || name.equals("ldf-query");
            if (longRunning && spec.findOption("-q") == null) {
                missing.add(name);
            }
        }
        assertTrue(missing.isEmpty(), "without -q: " + missing);
    }
}
