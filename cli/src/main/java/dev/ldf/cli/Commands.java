package dev.ldf.cli;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.function.Predicate;

import picocli.CommandLine.ParameterException;
import picocli.CommandLine.UnmatchedArgumentException;
import picocli.CommandLine;

/**
 * Runs a picocli command the way every {@code ldf-*} command behaves:
 * <ul>
 *   <li>exit codes: {@link ExitCode#OK}, {@link ExitCode#FAILURE} for failures at run time,
 *       {@link ExitCode#USAGE} for bad options, values and configurations;</li>
 *   <li>an error is one line on standard error, {@code error: ...}, with a suggestion for a
 *       mistyped option; the stack trace only with {@code --verbose}, which also turns on debug
 *       logging.</li>
 * </ul>
 */
public final class Commands {

    public static final String VERBOSE = "--verbose";

    private Commands() {}

    /**
     * Runs {@code command} with {@code args} and returns its exit code; {@link UsageException}s and
     * files that do not exist are mistakes in the call.
     */
    public static int run(Object command, String... args) {
        return run(new CommandLine(command), Commands::isUsageError, args);
    }

    /** A {@link UsageException}, or a file named in the call that is not there. */
    public static boolean isUsageError(Throwable e) {
        Throwable t = e instanceof UncheckedIOException u ? u.getCause() : e;
        return t instanceof UsageException || t instanceof NoSuchFileException;
    }

    /**
     * Runs {@code line} with {@code args}; exceptions that {@code usage} accepts are mistakes in the
     * call ({@link ExitCode#USAGE}), any other is a failure ({@link ExitCode#FAILURE}).
     */
    public static int run(CommandLine line, Predicate<Throwable> usage, String... args) {
        boolean verbose = Arrays.asList(args).contains(VERBOSE);
        if (verbose) {
            // Read by slf4j-simple when the first logger is made, which has not happened yet.
            System.setProperty("org.slf4j.simpleLogger.defaultLogLevel", "debug");
        }
        addVerboseOption(line);
        Version.install(line);
        line.setCaseInsensitiveEnumValuesAllowed(true);
        line.setParameterExceptionHandler((ParameterException e, String[] a) -> {
            PrintWriter err = e.getCommandLine().getErr();
            err.println("error: " + oneLine(e.getMessage()) + suggestion(e) + " (see "
                    + e.getCommandLine().getCommandSpec().qualifiedName() + " --help)");
            return ExitCode.USAGE;
        });
        line.setExecutionExceptionHandler((Exception e, CommandLine cmd, CommandLine.ParseResult parsed) -> {
            PrintWriter err = cmd.getErr();
            err.println("error: " + describe(e));
            if (verbose) {
                StringWriter trace = new StringWriter();
                e.printStackTrace(new PrintWriter(trace));
                err.print(trace);
            }
            err.flush();
            return usage.test(e) ? ExitCode.USAGE : ExitCode.FAILURE;
        });
        return line.execute(args);
    }

    /**
     * The message of a failure as one line. The project's own exceptions and I/O errors carry
     * messages for people and are printed as they are; an unexpected runtime exception of the
     * platform (a bug) is named, with a pointer to --verbose.
     */
    public static String describe(Throwable e) {
        if (e instanceof UncheckedIOException u && u.getCause() instanceof FileSystemException) {
            e = u.getCause();
        }
        if (e instanceof NoSuchFileException missing) {
            return "file not found: " + missing.getFile();
        }
        if (e instanceof AccessDeniedException denied) {
            return "permission denied: " + denied.getFile();
        }
        if (e instanceof FileSystemException f && f.getReason() != null) {
            return f.getFile() + ": " + f.getReason();
        }
        String message = e.getMessage();
        boolean bug = e instanceof RuntimeException && e.getClass().getName().startsWith("java.")
                && !(e instanceof IllegalArgumentException || e instanceof IllegalStateException
                        || e instanceof UncheckedIOException || e instanceof UnsupportedOperationException);
        if (message == null || message.isBlank()) {
            message = e.getClass().getSimpleName();
        } else if (bug) {
            message = e.getClass().getSimpleName() + ": " + message;
        }
        return oneLine(message) + (bug ? " (run with " + VERBOSE + " for details)" : "");
    }

    static String oneLine(String message) {
        // picocli starts some messages with "Error: ", which would follow our own "error: ".
        return message.strip().replaceFirst("^Error: ", "").replaceAll("\\s*[\\r\\n]+\\s*", "; ");
    }

    /**
     * For an unknown option or subcommand, the known one nearest to it (picocli's own suggestions
     * miss swapped letters).
     */
    private static String suggestion(ParameterException e) {
        if (e instanceof UnmatchedArgumentException unmatched && !unmatched.getUnmatched().isEmpty()) {
            String typed = unmatched.getUnmatched().get(0);
            List<String> names = new ArrayList<>();
            if (typed.startsWith("-")) {
                e.getCommandLine().getCommandSpec().options().forEach(o -> names.addAll(List.of(o.names())));
                typed = typed.contains("=") ? typed.substring(0, typed.indexOf('=')) : typed;
            } else {
                names.addAll(e.getCommandLine().getSubcommands().keySet());
            }
            return Suggestions.nearest(typed, names).map(n -> "; did you mean " + n + "?").orElse("");
        }
        return "";
    }

    /** Every command and subcommand accepts {@code --verbose}, unless it declares its own. */
    private static void addVerboseOption(CommandLine line) {
        CommandLine.Model.CommandSpec spec = line.getCommandSpec();
        if (spec.findOption(VERBOSE) == null) {
            spec.addOption(CommandLine.Model.OptionSpec.builder(VERBOSE)
                    .description("On an error, print its stack trace; log at debug level.").build());
        }
        line.getSubcommands().values().forEach(Commands::addVerboseOption);
    }
}
