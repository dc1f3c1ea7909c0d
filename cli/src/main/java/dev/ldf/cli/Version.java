package dev.ldf.cli;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

import picocli.CommandLine;
import picocli.CommandLine.Model.CommandSpec;

/**
 * What {@code -V} prints for every command: {@code name version (commit)}, the commit the build
 * was made from (with {@code , modified} when the tree had uncommitted changes), as the build
 * recorded them.
 */
public final class Version implements CommandLine.IVersionProvider {

    /** The project's version, filled in by the build. */
    private static final String VERSION = "/dev/ldf/cli/version.properties";
    /** The commit, written by the build where it runs in a git checkout. */
    private static final String GIT = "/dev/ldf/cli/git.properties";

    private final CommandSpec spec;

    Version(CommandSpec spec) {
        this.spec = spec;
    }

    @Override
    public String[] getVersion() {
        return new String[] {spec.qualifiedName() + " " + describe()};
    }

    /** The version and commit, e.g. {@code 0.1.0-SNAPSHOT (1a2b3c4)}. */
    public static String describe() {
        String version = properties(VERSION).getProperty("version", "(version unknown)");
        Properties git = properties(GIT);
        String commit = git.getProperty("git.commit.id.abbrev", "");
        String dirty = "true".equals(git.getProperty("git.dirty")) ? ", modified" : "";
        return version + " (" + (commit.isEmpty() ? "built outside a git checkout" : commit + dirty) + ")";
    }

    private static Properties properties(String resource) {
        Properties properties = new Properties();
        try (InputStream in = Version.class.getResourceAsStream(resource)) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return properties;
    }

    /** Gives {@code line} and its subcommands this version, where they have none of their own. */
    static void install(CommandLine line) {
        CommandSpec spec = line.getCommandSpec();
        if (spec.versionProvider() == null && spec.version().length == 0) {
            spec.versionProvider(new Version(spec));
        }
        line.getSubcommands().values().forEach(Version::install);
    }
}
