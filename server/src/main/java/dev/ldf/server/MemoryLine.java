package dev.ldf.server;

import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import com.sun.management.HotSpotDiagnosticMXBean;
import com.sun.management.OperatingSystemMXBean;
import com.sun.management.VMOption;

import dev.ldf.server.config.DatasetConfig;

/**
 * The start's one line on memory: the heap's ceiling and where it comes from, the collector and
 * who chose it, and which datasets are loaded or mapped and why. An operator who adds a large file
 * reads there what the server did with it, and how to change it.
 */
final class MemoryLine {
    private static final long MB = 1024 * 1024;

    private MemoryLine() {
    }

    static String describe(List<DatasetConfig> datasets, Map<String, Boolean> loaded, long maxHeap) {
        String collector = collector();
        String launcher = System.getProperty("ldf.launcher");
        boolean heapSet = setByOperator("MaxHeapSize");
        StringBuilder line = new StringBuilder("Memory: ");
        line.append(collector).append(" GC");
        if (launcher != null && collector.equals("serial")) {
            line.append(" (chosen by ").append(launcher).append(": the heap grows only with what stays live)");
        }
        line.append(String.format(Locale.ROOT, ", heap up to %,d MB (%s)", heapCeiling(maxHeap) / MB, heapOrigin(heapSet)));
        List<String> parts = new ArrayList<>();
        for (DatasetConfig d : datasets) {
            long estimate = Math.round(LoadingPlan.heapNeeded(d.hdtPath()) / MB);
            if (loaded.get(d.name())) {
                parts.add(d.name() + " loaded (" + (estimate < 1 ? "under 1 MB"
                        : String.format(Locale.ROOT, "about %,d MB", estimate)) + " of heap)");
            } else {
                parts.add(d.name() + " mapped (" + whyMapped(d, estimate) + ")");
            }
        }
        line.append("; ").append(String.join(", ", parts));
        if (!heapSet && !collector.equals("serial")) {
            // G1 and the parallel collector grow the heap toward the ceiling under load.
            line.append("; under load the heap grows toward its ceiling: bin/ldf-server starts lean, or set -Xmx");
        } else if (!heapSet) {
            line.append(launcher != null ? "; -Xmx in LDF_SERVER_JAVA_OPTS bounds it" : "; -Xmx bounds it");
        }
        return line.toString();
    }

    private static String whyMapped(DatasetConfig d, long heapEstimateMb) {
        if (d.loading() == DatasetConfig.Loading.MAP) {
            return "configured";
        }
        long files = LoadingPlan.fileBytes(d.hdtPath());
        if (files > LoadingPlan.MAP_ABOVE_BYTES) {
            // The plan's own comparison, in bytes: a rounded figure would give a file just over the line another reason.
            return String.format(Locale.ROOT, "%,d MB of files: over %d MB, files are read in place, outside the heap",
                    Math.round(files / (double) MB), LoadingPlan.MAP_ABOVE_MB);
        }
        return String.format(Locale.ROOT, "about %,d MB loaded would pass half the heap", heapEstimateMb);
    }

    /** The collector by its usual name, from the JVM's own collector beans. */
    static String collector() {
        for (GarbageCollectorMXBean gc : ManagementFactory.getGarbageCollectorMXBeans()) {
            String name = gc.getName();
            if (name.equals("Copy") || name.equals("MarkSweepCompact")) {
                return "serial";
            }
            if (name.startsWith("G1")) {
                return "G1";
            }
            if (name.startsWith("PS ")) {
                return "parallel";
            }
            if (name.startsWith("ZGC")) {
                return "Z";
            }
            if (name.startsWith("Shenandoah")) {
                return "Shenandoah";
            }
        }
        return "unknown";
    }

    /** The heap's ceiling as set (-Xmx), which the serial collector's own figure undercuts by a survivor space. */
    private static long heapCeiling(long maxHeap) {
        try {
            return Long.parseLong(option("MaxHeapSize"));
        } catch (IllegalArgumentException e) {
            return maxHeap;
        }
    }

    private static String heapOrigin(boolean heapSet) {
        if (heapSet) {
            return "-Xmx";
        }
        if (setByOperator("MaxRAMPercentage")) {
            return String.format(Locale.ROOT, "MaxRAMPercentage=%s%% of %,d MB", option("MaxRAMPercentage"),
                    machineMemory() / MB);
        }
        return String.format(Locale.ROOT, "the JVM's default: a quarter of %,d MB", machineMemory() / MB);
    }

    /** The machine's memory, or the container's limit where there is one. */
    private static long machineMemory() {
        return ((OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean()).getTotalMemorySize();
    }

    private static boolean setByOperator(String name) {
        try {
            VMOption.Origin origin = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                    .getVMOption(name).getOrigin();
            return origin == VMOption.Origin.VM_CREATION || origin == VMOption.Origin.ENVIRON_VAR
                    || origin == VMOption.Origin.CONFIG_FILE;
        } catch (IllegalArgumentException e) {
            return false; // a JVM without the option
        }
    }

    private static String option(String name) {
        return ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class).getVMOption(name).getValue()
                .replaceFirst("\\.0+$", "");
    }
}
