package dev.ldf.hdt.convert;

import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.riot.Lang;
import org.rdfhdt.hdt.exceptions.NotFoundException;
import org.rdfhdt.hdt.exceptions.ParserException;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.options.HDTOptions;
import org.rdfhdt.hdt.options.HDTOptionsKeys;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.hdt.build.FileIndex;
import dev.ldf.hdt.build.HdtBuilder;
import dev.ldf.hdt.build.HdtMerge;
import dev.ldf.hdt.files.Directories;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.hdt.quiet.QuietOutput;
import dev.ldf.hdt.term.HdtTerms;

/**
 * Converts RDF files (N-Triples, Turtle, RDF/XML; the default graph of N-Quads and TriG; any of
 * them gzip-compressed) into one HDT file plus the index that triple pattern lookups need.
 *
 * <p>Jena RIOT parses the input on its own thread while hdt-java builds the dictionary and
 * triples, so terms get exactly the string form of {@link HdtTerms}. The {@link HdtLoader#MEMORY}
 * loader keeps the whole dataset on the heap while it builds; {@link HdtLoader#DISK} sorts in
 * chunks in a work directory and suits inputs larger than the heap.
 */
public final class RdfToHdt {

    /** The header triple that carries the conversion's date: the one part of a file that changes from run to run. */
    private static final String ISSUED = "http://purl.org/dc/terms/issued";

    private final String baseUri;
    private final HdtLoader loader;
    private final ConversionProgress progress;
    private final boolean reproducible;
    /** The {@link HdtLoader#BOUNDED} loader's chunks; null to size them from the heap. */
    private final HdtBuilder.ChunkSize chunkSize;

    public RdfToHdt(String baseUri, HdtLoader loader, ConversionProgress progress) {
        this(baseUri, loader, progress, false, null);
    }

    private RdfToHdt(String baseUri, HdtLoader loader, ConversionProgress progress, boolean reproducible,
            HdtBuilder.ChunkSize chunkSize) {
        this.baseUri = baseUri;
        this.loader = loader;
        this.progress = progress;
        this.reproducible = reproducible;
        this.chunkSize = chunkSize;
    }

    /** This converter with the {@link HdtLoader#BOUNDED} loader's chunks of {@code size} instead of sized from the heap. */
    RdfToHdt withChunks(HdtBuilder.ChunkSize size) {
        return new RdfToHdt(baseUri, loader, progress, reproducible, size);
    }

    /**
     * This converter, leaving the date of the conversion out of the file's header, so that the
     * same input always gives the same bytes (generated benchmark data, whose digest is recorded
     * with results).
     */
    public RdfToHdt reproducible() {
        return new RdfToHdt(baseUri, loader, progress, true, chunkSize);
    }

    /**
     * Converts {@code inputs} into {@code output} and writes {@code output.index.v1-1} beside it.
     * The HDT is written to a temporary file first, so a failed run leaves no partial output.
     *
     * @throws IOException          on a read or write failure
     * @throws IllegalArgumentException when an input cannot be parsed (the message names the
     *                              file, line and column)
     */
    public ConversionSummary convert(List<Path> inputs, Path output) throws IOException {
        if (inputs.isEmpty()) {
            throw new IllegalArgumentException("No input files");
        }
        List<RdfSource> sources = new ArrayList<>();
        for (int i = 0; i < inputs.size(); i++) {
            Path input = inputs.get(i);
            if (!Files.isReadable(input)) {
                throw new IllegalArgumentException("Cannot read input file " + input);
            }
            sources.add(RdfSource.of(input, i));
        }
        if (loader == HdtLoader.BOUNDED) {
            long[] counts = new long[2];
            return build(work -> buildBounded(sources, work, counts), () -> counts[0], () -> counts[1], output, List.of());
        }
        try (SourceTriples triples = new SourceTriples(sources, baseUri, progress)) {
            return build(work -> generate(triples, work), () -> triples.read, () -> triples.skipped, output, List.of());
        }
    }

    /** Reads every source into an {@link HdtBuilder}; {@code counts} gets the triples read and quads skipped. */
    private Generated buildBounded(List<RdfSource> sources, Path work, long[] counts) throws IOException {
        long total = 0;
        for (RdfSource source : sources) {
            total += Files.size(source.path());
        }
        double totalBytes = Math.max(1, total);
        try (HdtBuilder builder = builder(work)) {
            long before = 0;
            for (RdfSource source : sources) {
                long offset = before;
                if (source.lang().equals(Lang.NTRIPLES)) {
                    NTriplesInput input = new NTriplesInput(source, baseUri, progress, counts[0]);
                    input.readInto(builder, new AtomicLong(), bytes -> (offset + bytes) / totalBytes);
                    counts[0] = input.read;
                } else {
                    try (SourceTriples triples = new SourceTriples(List.of(source), baseUri, progress)) {
                        while (triples.hasNext()) {
                            TripleString t = triples.next();
                            builder.add(t.getSubject().toString(), t.getPredicate().toString(), t.getObject().toString());
                        }
                        counts[0] += triples.read;
                        counts[1] += triples.skipped;
                    }
                }
                before += Files.size(source.path());
            }
            return bounded(builder.finish(baseUri));
        }
    }

    private static Generated bounded(HdtBuilder.Built built) {
        return new Generated(built.hdt(), built::writeIndex, built);
    }

    private HdtBuilder builder(Path work) throws IOException {
        return new HdtBuilder(work, chunkSize != null ? chunkSize
                : HdtBuilder.ChunkSize.forHeap(Runtime.getRuntime().maxMemory()), progress);
    }

    /**
     * Writes {@code triples}, spelled as {@link HdtTerms} spells terms, into {@code output} with its
     * index, adding {@code header} to the file's header; {@code name} names the input in progress
     * lines. The compaction of a live dataset writes its new base this way.
     */
    public ConversionSummary write(Iterator<TripleString> triples, String name, Path output, List<TripleString> header)
            throws IOException {
        long[] read = {0};
        Iterator<TripleString> counted = Iter.map(triples, t -> {
            progress.parsed(name, ++read[0], -1);
            return t;
        });
        if (loader == HdtLoader.BOUNDED) {
            return build(work -> {
                try (HdtBuilder builder = builder(work)) {
                    while (counted.hasNext()) {
                        TripleString t = counted.next();
                        builder.add(t.getSubject().toString(), t.getPredicate().toString(), t.getObject().toString());
                    }
                    return bounded(builder.finish(baseUri));
                }
            }, () -> read[0], () -> 0, output, header);
        }
        return build(work -> generate(counted, work), () -> read[0], () -> 0, output, header);
    }

    /**
     * Writes {@code base} less {@code deleted} (IDs in it) plus {@code added} (spelled as it spells
     * terms, none of them in it) into {@code output} with its index, adding {@code header} to the
     * file's header: a merge of the file with the changes ({@link HdtMerge}), which needs the
     * {@link HdtLoader#BOUNDED} loader and a base that {@link HdtMerge#canMerge can be merged}.
     */
    public ConversionSummary merge(HDT base, Collection<TripleID> deleted,
            Collection<TripleString> added, Path output, List<TripleString> header) throws IOException {
        if (loader != HdtLoader.BOUNDED) {
            throw new IllegalStateException("a merge writes with the " + HdtLoader.BOUNDED + " loader");
        }
        long triples = base.getTriples().getNumberOfElements() - deleted.size() + added.size();
        return build(work -> bounded(HdtMerge.merge(base, deleted, added, work, baseUri, progress)), () -> triples, () -> 0,
                output, header);
    }

    /** Builds an HDT using {@code work} as its work directory (null for the memory loader). */
    @FunctionalInterface
    private interface Generation {
        Generated generate(Path work) throws IOException;
    }

    /** Writes the index of a saved HDT file beside it. */
    @FunctionalInterface
    private interface IndexStep {
        void write(Path hdtFile) throws IOException;
    }

    /** A generated HDT, how its index is written once it is saved, and what to close after both. */
    private record Generated(HDT hdt, IndexStep index, Closeable resources) implements Closeable {
        @Override
        public void close() throws IOException {
            resources.close();
        }
    }

    private ConversionSummary build(Generation generation, LongSupplier read,
            LongSupplier skipped, Path output, List<TripleString> header) throws IOException {
        long start = System.nanoTime();
        Path absolute = output.toAbsolutePath();
        Path dir = absolute.getParent();
        Files.createDirectories(dir);
        // Not Files.createTempFile: its owner-only permissions would stay on the finished file.
        Path temp = dir.resolve(absolute.getFileName() + ".part");
        // Named after the output, so that what a crash leaves can be told apart from other runs' work.
        Path work = loader != HdtLoader.MEMORY ? Files.createTempDirectory(dir, absolute.getFileName() + ".work") : null;
        try {
            long count;
            try (Generated generated = limited(() -> generation.generate(work), work != null ? work : dir)) {
                HDT hdt = generated.hdt();
                count = hdt.getTriples().getNumberOfElements();
                progress.message(String.format(Locale.ROOT,
                        "read %,d triples (%,d in named graphs skipped); %,d distinct; saving %s",
                        read.getAsLong(), skipped.getAsLong(), count, output));
                if (reproducible) {
                    withoutIssuedDate(hdt);
                }
                for (TripleString t : header) {
                    hdt.getHeader().insert(t.getSubject(), t.getPredicate(), t.getObject());
                }
                limited(() -> {
                    hdt.saveToHDT(temp.toString(), progress);
                    return null;
                }, dir);
                Files.move(temp, absolute, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                limited(() -> {
                    progress.message("building index for " + absolute.getFileName());
                    Files.deleteIfExists(HdtFiles.indexFile(absolute));
                    if (count > 0) {
                        generated.index().write(absolute);
                    } else {
                        progress.message(absolute.getFileName() + " has no triples: it needs no index");
                    }
                    return null;
                }, dir);
            }
            Duration elapsed = Duration.ofNanos(System.nanoTime() - start);
            progress.message(String.format(Locale.ROOT, "done in %.1f s: %s", elapsed.toMillis() / 1000.0, output));
            return new ConversionSummary(absolute, read.getAsLong(), skipped.getAsLong(), count, elapsed);
        } finally {
            Files.deleteIfExists(temp);
            if (work != null) {
                // The disk loader removes its work directory itself when it succeeds.
                Directories.deleteRecursively(work);
            }
        }
    }

    /** An I/O step whose running out of heap or disk becomes a {@link ConversionLimits} that says what to change. */
    private <T> T limited(Callable<T> step, Path work) throws IOException {
        try {
            return step.call();
        } catch (OutOfMemoryError | IOException | RuntimeException e) {
            ConversionLimits limit = ConversionLimits.of(e, loader, work);
            if (limit != null) {
                throw limit;
            }
            throw e;
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    private static void withoutIssuedDate(HDT hdt) {
        List<TripleString> issued = new ArrayList<>();
        try {
            var found = hdt.getHeader().search("", ISSUED, "");
            while (found.hasNext()) {
                TripleString t = found.next();
                issued.add(new TripleString(t.getSubject().toString(), t.getPredicate().toString(), t.getObject().toString()));
            }
        } catch (NotFoundException e) {
            return;
        }
        for (TripleString t : issued) {
            hdt.getHeader().remove(t.getSubject(), t.getPredicate(), t.getObject());
        }
    }

    private Generated generate(Iterator<TripleString> triples, Path work) throws IOException {
        HDTOptions spec = HDTOptions.of();
        HDT hdt;
        if (loader == HdtLoader.DISK) {
            spec.set(HDTOptionsKeys.LOADER_DISK_LOCATION_KEY, work.toString());
            hdt = quietly(() -> HDTManager.generateHDTDisk(triples, baseUri, spec, progress));
        } else {
            hdt = quietly(() -> HDTManager.generateHDT(triples, baseUri, spec, progress));
        }
        return new Generated(hdt, file -> hdtJavaIndex(file, progress), hdt);
    }

    /** An hdt-java call, whose own printing goes to the debug log; our progress reports instead. */
    private static <T> T quietly(Callable<T> call) throws IOException {
        try {
            return QuietOutput.call(call);
        } catch (IOException | RuntimeException e) {
            throw e;
        } catch (ParserException e) {
            throw new IOException("HDT generation failed: " + e.getMessage(), e);
        } catch (Exception e) {
            throw new IOException(e.getMessage(), e);
        }
    }

    /**
     * Writes the {@code .index.v1-1} file that {@code ?P?}, {@code ?PO} and {@code ??O} lookups
     * need beside {@code hdtFile}, replacing one that is there.
     *
     * @throws IOException when the HDT file cannot be read or the index not written
     */
    public static void writeIndex(Path hdtFile, ConversionProgress progress) throws IOException {
        progress.message("building index for " + hdtFile.getFileName());
        // The conversion's external sorts: a heap that does not grow with the file, unlike hdt-java's builder.
        if (!FileIndex.write(hdtFile, Runtime.getRuntime().maxMemory(), progress)) {
            Files.deleteIfExists(HdtFiles.indexFile(hdtFile));
            progress.message(hdtFile.getFileName() + " has no triples: it needs no index");
        }
    }

    /** hdt-java's own index builder, reading the saved file. */
    private static void hdtJavaIndex(Path hdtFile, ConversionProgress progress) throws IOException {
        Path index = HdtFiles.indexFile(hdtFile);
        boolean empty = quietly(() -> {
            try (HDT hdt = HDTManager.mapIndexedHDT(hdtFile, progress)) {
                return !HdtFiles.hasIndex(hdt);
            }
        });
        if (empty) {
            progress.message(hdtFile.getFileName() + " has no triples: it needs no index");
            return;
        }
        if (!Files.isRegularFile(index)) {
            // hdt-java keeps the index in memory when it cannot write it, and says so only on stderr.
            throw new IOException("cannot write the index " + index);
        }
    }
}
