package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.OutputStream;

import dev.ldf.server.fragment.Dump;

/**
 * Streams a {@link Dump} as N-Triples, which is also N-Quads (every triple in the default graph):
 * straight from the dictionary's bytes into a buffer, with nothing kept per triple.
 */
public final class DumpWriter {

    private DumpWriter() {}

    public static void write(Dump dump, OutputStream out) throws IOException {
        ByteOutput bytes = new ByteOutput(out);
        dump.forEachEncoded(LineWriter.dataLines(dump.skolemizer(), bytes));
        bytes.drain();
    }
}
