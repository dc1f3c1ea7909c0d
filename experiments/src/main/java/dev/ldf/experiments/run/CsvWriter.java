package dev.ldf.experiments.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.zip.GZIPOutputStream;

import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvGenerator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;

/**
 * RFC 4180 CSV rows (Jackson's CSV module: quoted only where needed), flushed as they are written
 * so that a long experiment's partial results survive; gzipped (and flushed only at the end) when
 * the file's name ends with {@code .gz}.
 */
public final class CsvWriter implements AutoCloseable {

    static final CsvMapper MAPPER = CsvMapper.builder().enable(CsvGenerator.Feature.STRICT_CHECK_FOR_QUOTING).build();

    private final Writer out;
    private final SequenceWriter rows;
    private final boolean flushRows;

    public CsvWriter(Path file, String... header) throws IOException {
        flushRows = !CsvTable.gzipped(file);
        out = flushRows ? Files.newBufferedWriter(file) : new BufferedWriter(new OutputStreamWriter(
                new GZIPOutputStream(Files.newOutputStream(file), 1 << 16), StandardCharsets.UTF_8));
        rows = MAPPER.writer().writeValues(out);
        row((Object[]) header);
    }

    /** Writes one row; doubles get three decimals. */
    public synchronized void row(Object... fields) {
        List<String> texts = new ArrayList<>(fields.length);
        for (Object f : fields) {
            texts.add(f instanceof Double d ? String.format(Locale.ROOT, "%.3f", d) : String.valueOf(f));
        }
        try {
            rows.write(texts);
            if (flushRows) {
                rows.flush();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void close() throws IOException {
        rows.close();
        out.close();
    }
}
