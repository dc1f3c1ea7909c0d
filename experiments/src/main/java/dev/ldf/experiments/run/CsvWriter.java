package dev.ldf.experiments.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

/**
 * RFC 4180 CSV rows, flushed as they are written so that a long experiment's partial results
 * survive; gzipped (and flushed only at the end) when the file's name ends with {@code .gz}.
 */
public final class CsvWriter implements AutoCloseable {

    private final BufferedWriter out;
    private final boolean flushRows;

    public CsvWriter(Path file, String... header) throws IOException {
        flushRows = !CsvTable.gzipped(file);
        out = flushRows ? Files.newBufferedWriter(file) : new BufferedWriter(new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(file), 1 << 16), StandardCharsets.UTF_8));
        row((Object[]) header);
    }

    /** Writes one row; doubles get three decimals, text is quoted when it needs to be. */
    public synchronized void row(Object... fields) {
        StringBuilder line = new StringBuilder();
        for (Object f : fields) {
            if (!line.isEmpty()) {
                line.append(',');
            }
            String text = f instanceof Double d ? String.format(Locale.ROOT, "%.3f", d) : String.valueOf(f);
            if (text.contains(",") || text.contains("\"") || text.contains("\n")) {
                text = '"' + text.replace("\"", "\"\"") + '"';
            }
            line.append(text);
        }
        try {
            out.write(line.append('\n').toString());
            if (flushRows) {
                out.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        out.close();
    }
}
