package dev.ldf.server.hdt;

import java.nio.file.Path;

/** An HDT file (or its index) that cannot be served. The message names the file and says what to do. */
public final class HdtFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private HdtFileException(String message, Throwable cause) {
        super(message, cause);
    }

    static HdtFileException notFound(Path file) {
        return new HdtFileException("HDT file not found: " + file + " (check the path; ldf-hdt convert makes HDT "
                + "files from RDF)", null);
    }

    static HdtFileException unreadable(Path file, String why, Throwable cause) {
        return new HdtFileException("Cannot read HDT file " + file + ": " + why, cause);
    }

    static HdtFileException badIndex(Path index, String why) {
        return new HdtFileException("Cannot use the HDT index " + index + ": " + why
                + "; remove it, and the server builds a new one beside the HDT file", null);
    }
}
