package dev.ldf.hdt.files;

import java.nio.file.Path;

/** Where hdt-java keeps what belongs to an HDT file. */
public final class HdtFiles {

    private HdtFiles() {}

    /** The index of {@code hdtFile} ({@code ?P?}, {@code ?PO} and {@code ??O} lookups need it), beside it. */
    public static Path indexFile(Path hdtFile) {
        return hdtFile.resolveSibling(hdtFile.getFileName() + ".index.v1-1");
    }
}
