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
 * <p>Loaded, HDT decodes terms from arrays on the heap; mapped, every decoded term walks hdt-java's
 * mapped buffers, which makes first pages several times slower. So a dataset configured {@code auto}
 * is loaded while the loaded datasets together fit in a share of the maximum heap, and mapped once
 * they would not: a file larger than the heap still opens, and a small one is served at full speed.
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

    private LoadingPlan() {
    }

    /** For each dataset name, whether to load it; {@code maxHeap} is {@link Runtime#maxMemory()}. */
    static Map<String, Boolean> decide(List<DatasetConfig> datasets, long maxHeap) {
        Map<String, Boolean> load = new LinkedHashMap<>();
        double room = maxHeap * HEAP_SHARE;
        for (DatasetConfig d : datasets) {
            boolean loaded = switch (d.loading()) {
                case LOAD -> true;
                case MAP -> false;
                case AUTO -> heapNeeded(d.hdtPath()) <= room;
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
        return HEAP_PER_FILE_BYTE * (sizeOf(hdt) + sizeOf(HdtFiles.indexFile(hdt)));
    }

    private static long sizeOf(Path file) {
        try {
            return Files.size(file);
        } catch (IOException e) {
            return 0; // the open that follows reports a missing HDT file; a missing index is built
        }
    }
}
