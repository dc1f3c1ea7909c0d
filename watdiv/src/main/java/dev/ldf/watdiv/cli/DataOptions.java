package dev.ldf.watdiv.cli;

import java.io.IOException;
import java.io.Reader;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.ldf.cli.UsageException;
import dev.ldf.watdiv.generate.Model;
import dev.ldf.watdiv.generate.WatDivGenerator;
import picocli.CommandLine.Option;

/** Scale factor, seed and model: what names a generated dataset, shared by the commands. */
final class DataOptions {
    @Option(names = {"-s", "--scale"}, defaultValue = "1", description = "Scale factor: 10 gives about 1.1M triples (default: ${DEFAULT-VALUE}).")
    int scale;

    @Option(names = "--seed", defaultValue = "1", description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--model", description = "A model file (default: the WatDiv model that ships with the project).")
    Path model;

    WatDivGenerator generator() throws IOException {
        if (scale < 1) {
            throw new UsageException("--scale must be at least 1, not " + scale);
        }
        Model m = Model.watdiv();
        if (model != null) {
            try (Reader in = Files.newBufferedReader(model)) {
                m = Model.parse(in);
            }
        }
        return new WatDivGenerator(m, scale, seed);
    }
}
