package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import picocli.CommandLine.Option;
import picocli.CommandLine;

import dev.ldf.cli.UsageException;
import dev.ldf.experiments.run.WatDivFiles;
import dev.ldf.hdt.files.Directories;
import dev.ldf.watdiv.workload.WorkloadFiles;

/**
 * What every experiment needs: the dataset and workload (generated on first use and kept in the
 * data directory) and the profile.
 */
final class ExperimentOptions {

    /** {@code default} finishes in minutes on two cores; {@code paper} uses the brTPF paper's settings. */
    enum Profile { DEFAULT, PAPER }

    @Option(names = "--profile", defaultValue = "DEFAULT", converter = ProfileConverter.class,
            description = "default (scale factor 10, minutes) or paper (the paper's settings, hours); flags given "
                    + "explicitly win (default: default).")
    Profile profile;

    @Option(names = {"-s", "--scale"}, description = "WatDiv scale factor (default: 10; paper: 100).")
    Integer scale;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the data and workloads (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--data-dir", defaultValue = "experiments/data",
            description = "Where the generated dataset and workloads are kept between runs (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    int scale() {
        if (scale != null && scale < 1) {
            throw new UsageException("--scale must be at least 1, not " + scale);
        }
        return scale != null ? scale : profile == Profile.PAPER ? 100 : 10;
    }

    /** The HDT file, generated (with its N-Triples) if it is not there yet. */
    Path hdt() throws IOException {
        return files().hdt();
    }

    /** The workload files, generated if they are not there yet. */
    WorkloadFiles workload() throws IOException {
        return files().workload();
    }

    private WatDivFiles files() {
        return new WatDivFiles(dataDir, scale(), seed);
    }

    /** A directory for the server's configuration, logs and cache files, emptied for each run. */
    Path work(String experiment) throws IOException {
        Path dir = dataDir.resolve("runs").resolve(experiment);
        Directories.deleteRecursively(dir);
        return Files.createDirectories(dir);
    }

    /** Seconds given as a flag, or the profile's default. */
    Duration seconds(Integer given, int byDefault, int paper) {
        return Duration.ofSeconds(number(given, byDefault, paper));
    }

    /** A number flag, or the profile's default. */
    int number(Integer given, int byDefault, int paper) {
        return given != null ? given : profile == Profile.PAPER ? paper : byDefault;
    }

    /** A list flag, or the profile's default. */
    List<Integer> list(List<Integer> given, Integer[] byDefault, Integer[] paper) {
        return given != null ? given : Arrays.asList(profile == Profile.PAPER ? paper : byDefault);
    }

    static final class ProfileConverter implements CommandLine.ITypeConverter<Profile> {
        @Override
        public Profile convert(String value) {
            return switch (value.toLowerCase(Locale.ROOT)) {
                case "default" -> Profile.DEFAULT;
                case "paper" -> Profile.PAPER;
                default -> throw new CommandLine.TypeConversionException("default or paper, not " + value);
            };
        }
    }
}
