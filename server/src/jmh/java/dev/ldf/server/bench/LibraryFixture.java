package dev.ldf.server.bench;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.files.Directories;
import dev.ldf.hdt.sample.LibraryDataset;
import dev.ldf.server.hdt.HdtDatasource;

/** The benchmarks' data: the library dataset at a scale, as HDT in a temporary directory, opened loaded or mapped. */
final class LibraryFixture implements AutoCloseable {

    final Path dir;
    final HdtDatasource source;

    LibraryFixture(int scale, boolean load) throws IOException {
        dir = Files.createTempDirectory("ldf-bench");
        Path turtle = dir.resolve("library.ttl");
        try (OutputStream out = Files.newOutputStream(turtle)) {
            LibraryDataset.writeTurtle(out, LibraryDataset.DEFAULT_SEED, scale);
        }
        Path hdt = dir.resolve("library.hdt");
        new RdfToHdt(LibraryDataset.NS, HdtLoader.MEMORY, ConversionProgress.silent()).convert(List.of(turtle), hdt);
        source = HdtDatasource.open(hdt, new HdtDatasource.Options(load, 100_000, 1024, Duration.ofMinutes(2)));
    }

    @Override
    public void close() throws IOException {
        source.close();
        Directories.deleteRecursively(dir);
    }

    /** Discards what is written, counting it so the work cannot be optimised away. */
    static final class CountingStream extends OutputStream {
        long bytes;

        @Override
        public void write(int b) {
            bytes++;
        }

        @Override
        public void write(byte[] b, int off, int len) {
            bytes += len;
        }
    }
}
