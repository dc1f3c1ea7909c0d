package dev.ldf.cli;

/**
 * A mistake in how a command was called or configured: {@link Commands} prints its message on
 * one line and exits with {@link ExitCode#USAGE}.
 */
public class UsageException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public UsageException(String message) {
        super(message);
    }

    public UsageException(String message, Throwable cause) {
        super(message, cause);
    }
}
