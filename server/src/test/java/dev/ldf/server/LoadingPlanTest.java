package dev.ldf.server;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.testing.TestData;

class LoadingPlanTest {
    private static final Path HDT = TestData.libraryHdt();

    private static DatasetConfig dataset(String name, DatasetConfig.Loading loading) {
        return DatasetConfig.builder(name, HDT.toString()).loading(loading).build();
    }

    @Test
    void autoLoadsWhileTheDatasetsFitInHalfTheHeap() {
        double one = LoadingPlan.heapNeeded(HDT);
        long heapForTwo = (long) Math.ceil(4 * one); // half of it holds exactly two
        Map<String, Boolean> plan = LoadingPlan.decide(List.of(dataset("a", DatasetConfig.Loading.AUTO),
                dataset("b", null), dataset("c", DatasetConfig.Loading.AUTO)), heapForTwo);
        assertEquals(Map.of("a", true, "b", true, "c", false), plan);
    }

    @Test
    void autoMapsLargeFilesWhateverTheHeap() {
        long files = LoadingPlan.fileBytes(HDT);
        assertEquals(Map.of("a", false), LoadingPlan.decide(List.of(dataset("a", DatasetConfig.Loading.AUTO)),
                Long.MAX_VALUE, files - 1));
        assertEquals(Map.of("a", true), LoadingPlan.decide(List.of(dataset("a", DatasetConfig.Loading.AUTO)),
                Long.MAX_VALUE, files));
        assertEquals(Map.of("a", true), LoadingPlan.decide(List.of(dataset("a", DatasetConfig.Loading.LOAD)),
                Long.MAX_VALUE, 0));
    }

    @Test
    void explicitChoicesAreKeptWhateverTheHeap() {
        Map<String, Boolean> plan = LoadingPlan.decide(List.of(dataset("big", DatasetConfig.Loading.LOAD),
                dataset("small", DatasetConfig.Loading.MAP)), Long.MAX_VALUE);
        assertEquals(Map.of("big", true, "small", false), plan);
        assertEquals(Map.of("big", true), LoadingPlan.decide(List.of(dataset("big", DatasetConfig.Loading.LOAD)), 0));
    }

    @Test
    void aLoadedDatasetLeavesLessRoomForTheNext() {
        double one = LoadingPlan.heapNeeded(HDT);
        long heapForOne = (long) Math.ceil(2 * one);
        Map<String, Boolean> plan = LoadingPlan.decide(List.of(dataset("forced", DatasetConfig.Loading.LOAD),
                dataset("auto", DatasetConfig.Loading.AUTO)), heapForOne);
        assertEquals(Map.of("forced", true, "auto", false), plan);
    }

    @Test
    void theEstimateCountsTheFileAndItsIndex() {
        assertEquals(HDT.toFile().length() + HdtFiles.indexFile(HDT).toFile().length(), LoadingPlan.fileBytes(HDT));
        assertEquals(LoadingPlan.HEAP_PER_FILE_BYTE * LoadingPlan.fileBytes(HDT), LoadingPlan.heapNeeded(HDT));
        assertEquals(0.0, LoadingPlan.heapNeeded(Path.of("no/such/file.hdt")));
    }
}
