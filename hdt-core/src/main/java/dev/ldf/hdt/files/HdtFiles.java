package dev.ldf.hdt.files;

import java.io.IOException;
import java.nio.file.Path;

/** Where hdt-java keeps what belongs to an HDT file. */
public final class HdtFiles {

    private HdtFiles() {}

    /** The index of {@code hdtFile} ({@code ?P?}, {@code ?PO} and {@code ??O} lookups need it), beside it. */
    public static Path indexFile(Path hdtFile) {
        return hdtFile.resolveSibling(hdtFile.getFileName() + ".index.v1-1");
    }

    /**
     * The error for an HDT file hdt-java could not read, naming the file (hdt-java's own messages,
     * such as "Non-HDT Section", do not).
     */
    public static IOException unreadable(Path hdtFile, Throwable cause) {
        String why = cause.getMessage() == null || cause.getMessage().isBlank()
                ? cause.getClass().getSimpleName() : cause.getMessage();
        return new IOException(hdtFile + " is not a readable HDT file (" + why + ")", cause);
    }
}
