package dev.ldf.watdiv.cli;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.watdiv.generate.NTriplesSink;
import dev.ldf.watdiv.generate.WatDivGenerator;
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

    @Override
    public Integer call() throws IOException {
        WatDivGenerator generator = data.generator();
        long start = System.nanoTime();
        Files.createDirectories(output.toAbsolutePath().getParent());
        long triples;
        try (OutputStream file = Files.newOutputStream(output);
             OutputStream maybeGzip = output.toString().endsWith(".gz") ? new GZIPOutputStream(file, 1 << 16) : file;
             Writer out = new BufferedWriter(new OutputStreamWriter(maybeGzip, StandardCharsets.UTF_8), 1 << 16)) {
            TripleProgress progress = new TripleProgress(start);
            NTriplesSink sink = new NTriplesSink(out);
            triples = generator.generate((s, p, o, literal) -> {
                sink.triple(s, p, o, literal);
                progress.tick();
            });
        }
        System.err.printf(Locale.ROOT, "generated %,d triples (scale factor %d, seed %d) in %.1f s: %s%n", triples,
                data.scale, data.seed, (System.nanoTime() - start) / 1e9, output);
        if (hdt != null) {
            RdfToHdt.Loader loader = triples > 5_000_000 ? RdfToHdt.Loader.DISK : RdfToHdt.Loader.MEMORY;
            new RdfToHdt("http://db.uwaterloo.ca/~galuc/wsdbm/", loader, new ConversionProgress(System.err, 2000))
                    .convert(List.of(output), hdt);
        }
        return 0;
    }
}
