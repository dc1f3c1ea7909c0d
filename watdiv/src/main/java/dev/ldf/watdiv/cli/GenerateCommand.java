package dev.ldf.watdiv.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.Callable;

import dev.ldf.cli.ProgressLine;
import dev.ldf.watdiv.generate.GeneratedDataset;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "generate", mixinStandardHelpOptions = true,
        description = "Writes the dataset as N-Triples (.gz compresses) and, with --hdt, as HDT with its index.")
final class GenerateCommand implements Callable<Integer> {
    @Mixin
    DataOptions data;

    @Option(names = {"-o", "--output"}, required = true, description = "The N-Triples file (.nt or .nt.gz).")
    Path output;

    @Option(names = "--hdt", description = "Also write this HDT file (and its index) from the N-Triples.")
    Path hdt;

    @Option(names = {"-q", "--quiet"}, description = "No progress.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        GeneratedDataset.write(data.generator(), output, hdt, ProgressLine.standardError(quiet));
        return 0;
    }
}
