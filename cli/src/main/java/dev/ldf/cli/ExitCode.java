package dev.ldf.cli;

/** The exit codes of every {@code ldf-*} command. */
public final class ExitCode {

    /** The command did what was asked. */
    public static final int OK = 0;
    /** It failed while running: a server, a file's content, the network, the machine. */
    public static final int FAILURE = 1;
    /** It was called wrongly: an unknown option, a bad value, a configuration mistake, a missing file. */
    public static final int USAGE = 2;

    private ExitCode() {}
}
