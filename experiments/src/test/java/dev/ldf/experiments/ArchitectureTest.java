package dev.ldf.experiments;

import java.util.Set;

import dev.ldf.cli.testing.ArchitectureRules;

/**
 * This module's main code: no cycles between its packages, no two classes that use each other.
 * The ties still known are the reports cut from their summaries and plots for size, and the
 * experiments tied to their parts; they go with the experiments' common kit, and this list may
 * only shrink.
 */
class ArchitectureTest extends ArchitectureRules {

    @Override
    protected String root() {
        return "dev.ldf.experiments";
    }

    @Override
    protected Set<String> knownTies() {
        return Set.of(
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
    }
}
