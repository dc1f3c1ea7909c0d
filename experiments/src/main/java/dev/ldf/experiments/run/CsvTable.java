package dev.ldf.experiments.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvParser;

/** A CSV file as {@link CsvWriter} writes it (a header, quoted fields where needed, gzipped if named so), read whole. */
public record CsvTable(List<String> header, List<Map<String, String>> rows) {

    public static CsvTable read(Path file) throws IOException {
        List<List<String>> records;
        try (InputStream raw = Files.newInputStream(file);
                InputStream in = gzipped(file) ? new GZIPInputStream(raw) : raw;
                MappingIterator<List<String>> it = CsvWriter.MAPPER.readerForListOf(String.class)
                        .with(CsvParser.Feature.WRAP_AS_ARRAY).readValues(in)) {
            records = it.readAll();
        }
        if (records.isEmpty()) {
            throw new IOException(file + " is empty: no header");
        }
        List<String> header = records.get(0);
        List<Map<String, String>> rows = new ArrayList<>();
        for (List<String> record : records.subList(1, records.size())) {
            Map<String, String> row = new LinkedHashMap<>();
            for (int i = 0; i < header.size(); i++) {
                row.put(header.get(i), i < record.size() ? record.get(i) : "");
            }
            rows.add(row);
        }
        return new CsvTable(List.copyOf(header), rows);
    }

    static boolean gzipped(Path file) {
        return file.getFileName().toString().endsWith(".gz");
    }
}
