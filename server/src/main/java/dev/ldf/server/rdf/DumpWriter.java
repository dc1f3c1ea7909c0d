package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.OutputStream;

import dev.ldf.server.fragment.Dump;

/**
 * Streams a {@link Dump} as N-Triples, which is also N-Quads (every triple in the default graph):
 * straight from the dictionary's bytes into a buffer, with nothing kept per triple.
 */
public final class DumpWriter {

    private static final int DUMP_BUFFER = 128 * 1024;

    private DumpWriter() {}

    public static void write(Dump dump, OutputStream out) throws IOException {
        // Larger writes than a page's: fewer trips through the container's stream per megabyte.
        ByteOutput bytes = new ByteOutput(out, DUMP_BUFFER);
        dump.forEachEncoded(LineWriter.dataLines(dump.skolemizer(), bytes));
        bytes.drain();
    }
}
