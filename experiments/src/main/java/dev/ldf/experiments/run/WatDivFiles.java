package dev.ldf.experiments.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import dev.ldf.cli.ProgressLine;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.watdiv.generate.GeneratedDataset;
import dev.ldf.watdiv.generate.Model;
import dev.ldf.watdiv.generate.WatDivGenerator;
import dev.ldf.watdiv.workload.WorkloadFiles;

/** A WatDiv dataset and its workloads in a data directory, generated on first use and kept between runs. */
public record WatDivFiles(Path dataDir, int scale, long seed) {

    /** The HDT file, generated (with its N-Triples) if it is not there yet. */
    public Path hdt() throws IOException {
        Path hdt = dataDir.resolve("watdiv-sf" + scale + "-seed" + seed + ".hdt");
        if (!Files.exists(hdt) || !Files.exists(HdtFiles.indexFile(hdt))) {
            System.err.println("generating the dataset (once): " + hdt);
            GeneratedDataset.write(generator(), dataDir.resolve("watdiv-sf" + scale + "-seed" + seed + ".nt.gz"), hdt);
        }
        return hdt;
    }

    /** The workload files, generated if they are not there yet. */
    public WorkloadFiles workload() throws IOException {
        WorkloadFiles files = new WorkloadFiles(dataDir.resolve("workload-sf" + scale + "-seed" + seed));
        if (!files.exist()) {
            System.err.println("generating the workloads (once): " + files.dir());
            System.err.println(files.write(generator(), WorkloadFiles.Settings.defaults(),
                    ProgressLine.standardError(false)));
        }
        return files;
    }

    private WatDivGenerator generator() {
        return new WatDivGenerator(Model.watdiv(), scale, seed);
    }
}
