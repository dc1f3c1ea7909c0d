package dev.ldf.server.rdf;

import dev.ldf.server.failure.ClientError;

/**
 * A page that a format cannot express, such as a predicate IRI that RDF/XML cannot split into a
 * namespace and a local name. Raised before any byte is written.
 */
public final class UnrepresentableException extends RuntimeException implements ClientError {
    private static final long serialVersionUID = 1L;

    private final OutputFormat format;

    UnrepresentableException(OutputFormat format, Throwable cause) {
        super("This page cannot be expressed as " + format.mediaType() + " (" + reason(cause) + ").", cause);
        this.format = format;
    }

    public OutputFormat format() {
        return format;
    }

    @Override
    public int status() {
        return 406;
    }

    @Override
    public String message() {
        return getMessage() + " Ask for another format, such as text/turtle or application/n-triples.";
    }

    /** What the writer said, on one short line. */
    private static String reason(Throwable cause) {
        String line = cause.getMessage() == null ? cause.getClass().getSimpleName()
                : cause.getMessage().lines().findFirst().orElse("").strip();
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
