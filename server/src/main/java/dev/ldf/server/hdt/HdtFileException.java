package dev.ldf.server.hdt;

/** An HDT file that cannot be served: missing, unreadable or corrupt. The message names the file. */
public final class HdtFileException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    HdtFileException(String message, Throwable cause) {
        super(message, cause);
    }
}
