package dev.ldf.server.live.patch;

/** A patch that cannot be applied, with the line (1-based, 0 when unknown) where it went wrong. */
public final class BadPatchException extends Exception {
    private static final long serialVersionUID = 1L;

    private final long line;

    public BadPatchException(long line, String message) {
        super(line > 0 ? "Line " + line + ": " + message : message);
        this.line = line;
    }

    public long line() {
        return line;
    }
}
