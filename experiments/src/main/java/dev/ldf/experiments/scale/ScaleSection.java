package dev.ldf.experiments.scale;

import java.io.IOException;
import java.nio.file.Path;

/** One part of the scale experiment's summary: its section, its CSV file, its targets. */
interface ScaleSection {

    /** Appends the section to {@code md}, writes its CSV into {@code output}, and adds its targets to {@code sheet}. */
    void write(StringBuilder md, Path output, TargetSheet sheet) throws IOException;

    /** Its sentence for the summary's In short paragraph, or null. */
    default String inShort() throws IOException {
        return null;
    }
}
