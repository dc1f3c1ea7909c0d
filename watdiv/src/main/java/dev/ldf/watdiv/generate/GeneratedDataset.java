package dev.ldf.watdiv.generate;

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
import java.util.zip.GZIPOutputStream;

import dev.ldf.cli.ProgressLine;
import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;

/**
 * A generated dataset written to files: N-Triples (gzipped when the name ends in {@code .gz}) and,
 * if asked, HDT with its index. Progress goes to standard error.
 */
public final class GeneratedDataset {

    /** Base IRI of the HDT header, as WatDiv's own data uses it. */
    private static final String BASE = "http://db.uwaterloo.ca/~galuc/wsdbm/";

    private GeneratedDataset() {}

    /**
     * Writes {@code generator}'s triples to {@code ntriples}, and to {@code hdt} when it is not null.
     *
     * @return the number of triples
     */
    public static long write(WatDivGenerator generator, Path ntriples, Path hdt) throws IOException {
        return write(generator, ntriples, hdt, ProgressLine.standardError(false));
    }

    /** As {@link #write(WatDivGenerator, Path, Path)}, with progress on {@code line}. */
    public static long write(WatDivGenerator generator, Path ntriples, Path hdt, ProgressLine line) throws IOException {
        long start = System.nanoTime();
        Files.createDirectories(ntriples.toAbsolutePath().getParent());
        long triples;
        try (OutputStream file = Files.newOutputStream(ntriples);
             OutputStream maybeGzip = ntriples.toString().endsWith(".gz") ? new GZIPOutputStream(file, 1 << 16) : file;
             Writer out = new BufferedWriter(new OutputStreamWriter(maybeGzip, StandardCharsets.UTF_8), 1 << 16)) {
            TripleProgress progress = new TripleProgress(line);
            NTriplesSink sink = new NTriplesSink(out);
            triples = generator.generate((s, p, o, literal) -> {
                sink.triple(s, p, o, literal);
                progress.tick();
            });
        }
        line.print(String.format(Locale.ROOT, "generated %,d triples (scale factor %d, seed %d) in %.1f s: %s", triples,
                generator.scale(), generator.seed(), (System.nanoTime() - start) / 1e9, ntriples));
        if (hdt != null) {
            // The same seed gives the same file, byte for byte: results record its digest.
            new RdfToHdt(BASE, HdtLoader.BOUNDED, new ConversionProgress(line)).reproducible().convert(List.of(ntriples), hdt);
        }
        return triples;
    }
}
