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
 * recorded them in {@code git.properties}.
 */
public final class Version implements CommandLine.IVersionProvider {

    private static final String RESOURCE = "/dev/ldf/cli/git.properties";

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
        Properties build = new Properties();
        try (InputStream in = Version.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String version = build.getProperty("git.build.version", "(version unknown)");
        String commit = build.getProperty("git.commit.id.abbrev", "");
        String dirty = "true".equals(build.getProperty("git.dirty")) ? ", modified" : "";
        return version + " (" + (commit.isEmpty() ? "built outside a git checkout" : commit + dirty) + ")";
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
