package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.stream.Collectors;

import dev.ldf.experiments.run.Provenance;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;

/** Writes a command's {@link Provenance} into its results directory, with every option spelled out. */
final class RunRecord {

    /** The option that names the results directory: a rerun writes elsewhere. */
    static final String OUTPUT = "--output";

    private RunRecord() {}

    /**
     * Every option of {@code spec} that has a value, as {@code --name=value}, defaults included, so
     * that a later change of a default cannot change what a rerun does. Lists are joined the way
     * the option splits them; true flags appear bare, false ones not at all.
     */
    static List<String> arguments(CommandSpec spec) {
        List<String> arguments = new ArrayList<>();
        for (OptionSpec option : spec.options()) {
            Object value = option.getValue();
            String name = option.longestName();
            if (option.usageHelp() || option.versionHelp() || name.equals(OUTPUT) || value == null) {
                continue;
            }
            if (value instanceof Boolean flag) {
                if (flag) {
                    arguments.add(name);
                }
            } else if (value instanceof Collection<?> list) {
                String separator = option.splitRegex().equals(" ") ? " " : ",";
                arguments.add(name + "=" + list.stream().map(RunRecord::text).collect(Collectors.joining(separator)));
            } else {
                arguments.add(name + "=" + text(value));
            }
        }
        return arguments;
    }

    static void write(CommandSpec spec, Path output, List<Path> inputs, Instant started) throws IOException {
        Provenance.of(spec.name(), arguments(spec), inputs, started).write(output);
    }

    private static String text(Object value) {
        return value instanceof Enum<?> e ? e.name().toLowerCase(Locale.ROOT) : value.toString();
    }
}
