package dev.ldf.experiments.verify;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.experiments.run.CsvTable;
import dev.ldf.experiments.run.CsvWriter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReproductionTest {

    @TempDir
    Path dir;

    private CsvTable table(String name, Object[]... rows) throws IOException {
        Path file = dir.resolve(name);
        try (CsvWriter csv = new CsvWriter(file, "configuration", "query", "requests", "time_ms", "message")) {
            for (Object[] row : rows) {
                csv.row(row);
            }
        }
        return CsvTable.read(file);
    }

    @Test
    void readsWhatCsvWriterWritesQuotesIncluded() throws IOException {
        CsvTable t = table("a.csv", new Object[] {"TPF", "Q1", 3, 1.5, "said \"no\", twice\nthen stopped"});
        assertEquals(List.of("configuration", "query", "requests", "time_ms", "message"), t.header());
        assertEquals("said \"no\", twice\nthen stopped", t.rows().get(0).get("message"));
        assertEquals("1.500", t.rows().get(0).get("time_ms"));
    }

    @Test
    void equalCountsReproduceWhateverTheTimingsAndASubsetIsEnough() throws IOException {
        CsvTable committed = table("c.csv", new Object[] {"TPF", "Q1", 3, 100.0, ""}, new Object[] {"TPF", "Q2", 5, 300.0, ""},
                new Object[] {"brTPF-30", "Q1", 1, 50.0, ""});
        CsvTable rerun = table("r.csv", new Object[] {"TPF", "Q1", 3, 200.0, ""}, new Object[] {"TPF", "Q2", 5, 100.0, ""});
        Reproduction.Report report = Reproduction.compare(committed, rerun, List.of("configuration", "query"),
                "configuration", List.of("requests"), "time_ms");
        assertTrue(report.reproduced());
        Reproduction.Group tpf = report.groups().get(0);
        assertEquals(1, report.groups().size());
        assertEquals("TPF 2 2", tpf.name() + " " + tpf.rows() + " " + tpf.equal());
        assertEquals(0.4, tpf.committedSeconds(), 1e-9);
        assertEquals(0.3, tpf.rerunSeconds(), 1e-9);
    }

    @Test
    void aChangedCountOrAnUnknownRowIsADifference() throws IOException {
        CsvTable committed = table("c.csv", new Object[] {"TPF", "Q1", 3, 100.0, ""});
        CsvTable rerun = table("r.csv", new Object[] {"TPF", "Q1", 4, 100.0, ""}, new Object[] {"TPF", "Q9", 1, 1.0, ""});
        Reproduction.Report report = Reproduction.compare(committed, rerun, List.of("configuration", "query"),
                "configuration", List.of("requests"), "time_ms");
        assertFalse(report.reproduced());
        assertEquals(List.of(new Reproduction.Difference("TPF Q1", "requests", "3", "4"),
                new Reproduction.Difference("TPF Q9", "(row)", "absent", "present")), report.differences());
        assertTrue(report.markdown(10).contains("| TPF Q1 | requests | 3 | 4 |"));
    }
}
