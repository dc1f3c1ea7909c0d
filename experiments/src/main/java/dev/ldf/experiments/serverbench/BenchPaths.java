package dev.ldf.experiments.serverbench;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.jena.graph.Triple;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.listener.ProgressListener;

import dev.ldf.hdt.quiet.QuietOutput;
import dev.ldf.watdiv.workload.Workload;
import dev.ldf.watdiv.workload.WorkloadFiles;

/** The path lists of one benchmark run, written as files (one path per line) for wrk. */
public record BenchPaths(Path dir, long triples, Map<String, Integer> sizes) {

    /** Draws the lists from {@code hdt} and the workload's query pool and writes them into {@code dir}. */
    public static BenchPaths write(Path hdt, WorkloadFiles workload, int bindings, int deepPages, long seed, Path dir)
            throws Exception {
        return write(hdt, workload, bindings, deepPages, seed, dir, false);
    }

    /**
     * As {@link #write(Path, WorkloadFiles, int, int, long, Path)}; with {@code oneByOne}, also the
     * TPF requests that fetch the brTPF requests' solutions one binding at a time.
     */
    public static BenchPaths write(Path hdt, WorkloadFiles workload, int bindings, int deepPages, long seed, Path dir,
            boolean oneByOne) throws Exception {
        return drawn(hdt, workload, seed, dir, (lists, patterns, sizes) -> {
            PathLists.BindingRequests requests = lists.brtpf(patterns, bindings);
            sizes.put(brtpfName(bindings), PathLists.write(dir.resolve(fileName(brtpfName(bindings))), requests.brtpf()));
            if (oneByOne) {
                sizes.put(ONE_BY_ONE, PathLists.write(dir.resolve(fileName(ONE_BY_ONE)), requests.oneByOne()));
            }
            for (String shape : PathLists.DEEP_SHAPES) {
                sizes.put(deepName(shape), PathLists.write(dir.resolve(fileName(deepName(shape))),
                        lists.deepPages(shape, deepPages)));
            }
        });
    }

    /** Only the first pages' list, from the patterns of the workload's query pool: a reference rate to hold another file to. */
    public static BenchPaths firstPages(Path hdt, WorkloadFiles workload, long seed, Path dir) throws Exception {
        return drawn(hdt, workload, seed, dir, (lists, patterns, sizes) -> { });
    }

    /** The lists a run writes after the first pages' one. */
    private interface MoreLists {
        void write(PathLists lists, List<Triple> patterns, Map<String, Integer> sizes) throws Exception;
    }

    /** The first pages' list and {@code more}, drawn from {@code hdt} and the patterns of the workload's query pool. */
    private static BenchPaths drawn(Path hdt, WorkloadFiles workload, long seed, Path dir, MoreLists more) throws Exception {
        List<Triple> patterns = PathLists.patterns(Workload.read(workload.pool()));
        Map<String, Integer> sizes = new LinkedHashMap<>();
        try (HDT file = QuietOutput.call(() -> HDTManager.mapIndexedHDT(hdt.toString(), ProgressListener.ignore()))) {
            PathLists lists = new PathLists(ServerBench.dataset(), file, seed);
            sizes.put(ServerBenchReport.TPF, PathLists.write(dir.resolve(fileName(ServerBenchReport.TPF)),
                    lists.firstPages(patterns)));
            more.write(lists, patterns, sizes);
            return new BenchPaths(dir, file.getTriples().getNumberOfElements(), sizes);
        }
    }

    /** The loads over these lists, in the order they run. */
    public List<ServerBench.Load> loads(int bindings) {
        List<ServerBench.Load> loads = new ArrayList<>();
        for (String name : sizes.keySet()) {
            loads.add(new ServerBench.Load(name, dir.resolve(fileName(name)), name.equals(brtpfName(bindings)),
                    name.startsWith(DEEP), false));
        }
        // The same deep pages from one client sending one request after another: the tail without queueing.
        for (String shape : PathLists.DEEP_SHAPES.stream().filter(shape -> sizes.containsKey(deepName(shape))).toList()) {
            loads.add(new ServerBench.Load(ONE_CLIENT + shape, dir.resolve(fileName(deepName(shape))), false, true, true));
        }
        return loads;
    }

    /** The file of the list called {@code name}. */
    public Path file(String name) {
        return dir.resolve(fileName(name));
    }

    /** How many paths of each kind, for the report. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        sizes.forEach((name, size) -> parts.add(String.format(Locale.ROOT, "%s %,d", name, size)));
        return String.join(", ", parts);
    }

    /** The prefixes of the deep-page loads' names: under all connections, and from one client. */
    static final String DEEP = "deep ";
    /** The load of TPF requests that fetch brTPF's bindings one at a time. */
    public static final String ONE_BY_ONE = "TPF, brTPF's bindings one by one";
    static final String ONE_CLIENT = "one client ";

    static String brtpfName(int bindings) {
        return "brTPF " + bindings + " bindings";
    }

    static String deepName(String shape) {
        return DEEP + shape;
    }

    private static String fileName(String name) {
        return name.replace('?', 'V').replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT) + ".txt";
    }
}
