package dev.ldf.experiments;

import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

import dev.ldf.cli.testing.ArchitectureRules;

/**
 * This module's main code: no cycles between its packages, no two classes that use each other.
 * The ties still known are the reports cut from their summaries and plots for size, and the
 * experiments tied to their parts; they go with the experiments' common kit, and this list may
 * only shrink.
 */
class ArchitectureTest {

    private static final JavaClasses CLASSES = ArchitectureRules.mainClasses();

    @Test
    void packagesHaveNoCycles() {
        ArchitectureRules.packagesFreeOfCycles(CLASSES, "dev.ldf.experiments");
    }

    private static final Set<String> KNOWN_TIES = Set.of(
                "ConvoyQueries <-> PreemptionExperiment",
                "CsvTable <-> CsvWriter",
                "ExperimentsCommand <-> VerifyCommand",
                "LiveCompaction <-> LiveExperiment",
                "NetworkLoadPlots <-> NetworkLoadReport",
                "NetworkLoadReport <-> NetworkLoadSummary",
                "PreemptionPlots <-> PreemptionReport",
                "PreemptionReport <-> PreemptionSummary",
                "ScaleExperiment <-> ScaleReport",
                "ScaleExperiment <-> ScaleServing",
                "ServerBenchInShort <-> ServerBenchReport",
                "ServerBenchReport <-> ServerBenchTargets",
                "ThroughputReport <-> ThroughputSummary");

    @Test
    void noTwoClassesUseEachOther() {
        ArchitectureRules.noTwoClassesUseEachOther(CLASSES, KNOWN_TIES);
    }
}
