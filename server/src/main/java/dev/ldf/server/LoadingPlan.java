package dev.ldf.server;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.config.DatasetConfig;

/**
 * Decides which datasets are loaded onto the heap and which are memory-mapped.
 *
 * <p>Mapped, a file is read in place: its terms decode as fast as loaded ones
 * ({@link dev.ldf.hdt.mapped.MappedDictionary}), the start does not read it whole, and its pages
 * live in the OS page cache, which the kernel shares and sheds, instead of the heap, which the
 * process keeps. So a dataset configured {@code auto} is mapped when its files (HDT and index) are
 * larger than {@value #MAP_ABOVE_MB} MB; a smaller one is loaded while the loaded datasets together
 * fit in a share of the maximum heap, and mapped once they would not.
 */
final class LoadingPlan {
    /** Share of the maximum heap that loaded datasets may take; the rest is for requests. */
    static final double HEAP_SHARE = 0.5;
    /**
     * Heap taken by a loaded dataset per byte of HDT file and index on disk. Measured on WatDiv
     * after a full GC, the whole server's heap: 1.1 M triples, 9 MB of files, 15 MB of heap (1.7);
     * 11 M triples, 102 MB of files, 119 MB of heap (1.2). Large files are what the estimate
     * decides on, and small ones fit anyway.
     */
    static final double HEAP_PER_FILE_BYTE = 1.5;
    /** Files larger than this are mapped, whatever the heap. */
    static final long MAP_ABOVE_MB = 256;
    static final long MAP_ABOVE_BYTES = MAP_ABOVE_MB * 1024 * 1024;

    private LoadingPlan() {
    }

    /** For each dataset name, whether to load it; {@code maxHeap} is {@link Runtime#maxMemory()}. */
    static Map<String, Boolean> decide(List<DatasetConfig> datasets, long maxHeap) {
        return decide(datasets, maxHeap, MAP_ABOVE_BYTES);
    }

    /** As {@link #decide(List, long)}, with files over {@code mapAboveBytes} mapped. */
    static Map<String, Boolean> decide(List<DatasetConfig> datasets, long maxHeap, long mapAboveBytes) {
        Map<String, Boolean> load = new LinkedHashMap<>();
        double room = maxHeap * HEAP_SHARE;
        for (DatasetConfig d : datasets) {
            boolean loaded = switch (d.loading()) {
                case LOAD -> true;
                case MAP -> false;
                case AUTO -> fileBytes(d.hdtPath()) <= mapAboveBytes && heapNeeded(d.hdtPath()) <= room;
            };
            if (loaded) {
                room -= heapNeeded(d.hdtPath());
            }
            load.put(d.name(), loaded);
        }
        return load;
    }

    /** The heap a loaded dataset takes, estimated from its files; a missing file counts as none. */
    static double heapNeeded(Path hdt) {
        return HEAP_PER_FILE_BYTE * fileBytes(hdt);
    }

    /** The size of the HDT file and its index. */
    static long fileBytes(Path hdt) {
        return sizeOf(hdt) + sizeOf(HdtFiles.indexFile(hdt));
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // the open that follows reports a missing HDT file; a missing index is built
        }
    }
}
