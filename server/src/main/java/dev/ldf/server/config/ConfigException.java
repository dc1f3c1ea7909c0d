package dev.ldf.server.config;

import dev.ldf.cli.UsageException;

/** A configuration that cannot be served; the message says which setting and why. */
public final class ConfigException extends UsageException {
    private static final long serialVersionUID = 1L;

    public ConfigException(String message) {
        super(message);
    }

    public ConfigException(String message, Throwable cause) {
        super(message, cause);
    }
}
