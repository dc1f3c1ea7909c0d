package dev.ldf.hdt.files;

import java.io.IOException;
import java.nio.file.Path;

import org.rdfhdt.hdt.hdt.HDT;

/** Where hdt-java keeps what belongs to an HDT file. */
public final class HdtFiles {

    private HdtFiles() {}

    /** The index of {@code hdtFile} ({@code ?P?}, {@code ?PO} and {@code ??O} lookups need it), beside it. */
    public static Path indexFile(Path hdtFile) {
        return hdtFile.resolveSibling(hdtFile.getFileName() + ".index.v1-1");
    }

    /**
     * False for an HDT file without triples: hdt-java writes no index for one (there is nothing to
     * look up), and an empty dataset (a new live one, a graph whose triples were all deleted) is valid.
     */
    public static boolean hasIndex(HDT hdt) {
        return hdt.getTriples().getNumberOfElements() > 0;
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
