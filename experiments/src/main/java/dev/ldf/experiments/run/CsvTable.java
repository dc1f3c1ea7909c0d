package dev.ldf.experiments.run;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.zip.GZIPInputStream;

/** A CSV file as {@link CsvWriter} writes it (RFC 4180: a header, quoted fields where needed, gzipped if named so), read whole. */
public record CsvTable(List<String> header, List<Map<String, String>> rows) {

    public static CsvTable read(Path file) throws IOException {
        String text;
        if (gzipped(file)) {
            try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
                text = new String(in.readAllBytes(), StandardCharsets.UTF_8);
            }
        } else {
            text = Files.readString(file);
        }
        List<List<String>> records = parse(text);
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

    private static List<List<String>> parse(String text) {
        List<List<String>> records = new ArrayList<>();
        List<String> record = new ArrayList<>();
        StringBuilder field = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                    field.append('"');
                    i++;
                } else if (c == '"') {
                    quoted = false;
                } else {
                    field.append(c);
                }
            } else if (c == '"') {
                quoted = true;
            } else if (c == ',') {
                record.add(field.toString());
                field.setLength(0);
            } else if (c == '\n') {
                record.add(field.toString());
                field.setLength(0);
                records.add(record);
                record = new ArrayList<>();
            } else if (c != '\r') {
                field.append(c);
            }
        }
        if (!field.isEmpty() || !record.isEmpty()) {
            record.add(field.toString());
            records.add(record);
        }
        return records;
    }
}
