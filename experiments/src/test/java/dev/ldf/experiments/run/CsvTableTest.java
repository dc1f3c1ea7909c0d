package dev.ldf.experiments.run;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CsvTableTest {

    @TempDir
    Path dir;

    @Test
    void rowsComeBackAsWrittenPlainAndGzipped() throws Exception {
        for (String name : List.of("t.csv", "t.csv.gz")) {
            Path file = dir.resolve(name);
            try (CsvWriter csv = new CsvWriter(file, "query", "seconds", "note")) {
                csv.row("q1", 1.5, "plain");
                csv.row("a,b", 0.12345, "say \"hi\"\nagain");
                csv.row("", 3, "");
            }
            CsvTable table = CsvTable.read(file);
            assertEquals(List.of("query", "seconds", "note"), table.header());
            assertEquals(List.of(Map.of("query", "q1", "seconds", "1.500", "note", "plain"),
                    Map.of("query", "a,b", "seconds", "0.123", "note", "say \"hi\"\nagain"),
                    Map.of("query", "", "seconds", "3", "note", "")), table.rows());
        }
    }

    @Test
    void fieldsAreQuotedOnlyWhereTheyMustBe() throws Exception {
        Path file = dir.resolve("q.csv");
        try (CsvWriter csv = new CsvWriter(file, "a", "b")) {
            csv.row("x y", "1,2");
        }
        assertEquals("a,b\nx y,\"1,2\"\n", Files.readString(file));
    }
}
