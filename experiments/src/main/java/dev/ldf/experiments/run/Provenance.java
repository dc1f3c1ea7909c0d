package dev.ldf.experiments.run;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;

/**
 * What produced a results directory, written beside the results as {@code provenance.json}: the
 * experiment, the commit of the code (and whether the work tree differed from it), every argument
 * with its value (so that {@code verify} can run the same again), the SHA-256 of every input file
 * (the data and the workload), the machine and the JVM, and when it ran.
 *
 * @param experiment the command that ran ({@code network-load}, ...)
 * @param commit     {@code git rev-parse HEAD} of the working directory, or "unknown"
 * @param modified   true when tracked files outside the results differed from that commit
 * @param arguments  every option with its value, as the command takes them
 * @param inputs     input file (as given) to its SHA-256
 * @param machine    JVM, operating system, processor, memory
 */
public record Provenance(String experiment, String commit, boolean modified, List<String> arguments,
        Map<String, String> inputs, Map<String, String> machine, String started, String finished) {

    public static final String FILE = "provenance.json";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    /** The record of a run that started at {@code started} and ends now. */
    public static Provenance of(String experiment, List<String> arguments, List<Path> inputs, Instant started) {
        Map<String, String> digests = new LinkedHashMap<>();
        for (Path input : inputs) {
            digests.put(input.toString().replace('\\', '/'), sha256(input));
        }
        String commit = git("rev-parse", "HEAD");
        // The results being written are not a change to the code that wrote them.
        String changes = git("status", "--porcelain", "--untracked-files=no", "--", ".", ":(exclude)experiments/results");
        return new Provenance(experiment, commit.isEmpty() ? "unknown" : commit, !changes.isEmpty(),
                List.copyOf(arguments), digests, thisMachine(), started.toString(), Instant.now().toString());
    }

    public void write(Path directory) throws IOException {
        Files.createDirectories(directory);
        JSON.writeValue(directory.resolve(FILE).toFile(), this);
    }

    public static Provenance read(Path directory) throws IOException {
        Path file = directory.resolve(FILE);
        if (!Files.exists(file)) {
            throw new IOException(file + " not found: these results have no provenance to verify against");
        }
        return JSON.readValue(file.toFile(), Provenance.class);
    }

    /** The SHA-256 of a file's bytes, in hex; of a directory, of its regular files' names and digests in name order. */
    public static String sha256(Path path) {
        try {
            MessageDigest digest = MessageDigest.getInstance("SHA-256");
            if (Files.isDirectory(path)) {
                try (var files = Files.walk(path)) {
                    for (Path file : files.filter(Files::isRegularFile).sorted().toList()) {
                        digest.update(path.relativize(file).toString().replace('\\', '/').getBytes(StandardCharsets.UTF_8));
                        digest.update(sha256(file).getBytes(StandardCharsets.US_ASCII));
                    }
                }
            } else {
                try (InputStream in = Files.newInputStream(path)) {
                    byte[] buffer = new byte[1 << 16];
                    for (int n; (n = in.read(buffer)) > 0; ) {
                        digest.update(buffer, 0, n);
                    }
                }
            }
            return HexFormat.of().formatHex(digest.digest());
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + path, e);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JVM has SHA-256", e);
        }
    }

    private static Map<String, String> thisMachine() {
        Map<String, String> machine = new LinkedHashMap<>();
        machine.put("java", System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version")
                + " (" + System.getProperty("java.vendor") + ")");
        machine.put("jvmArguments", String.join(" ", ManagementFactory.getRuntimeMXBean().getInputArguments()));
        machine.put("os", System.getProperty("os.name") + " " + System.getProperty("os.version") + " "
                + System.getProperty("os.arch"));
        // The machine's CPUs, not the ones a pinned run may have left this JVM.
        machine.put("processors", Integer.toString(CpuAffinity.CORES));
        machine.put("cpu", firstValue(Path.of("/proc/cpuinfo"), "model name"));
        machine.put("memory", firstValue(Path.of("/proc/meminfo"), "MemTotal"));
        return machine;
    }

    /** The value of the first {@code key: value} line of a /proc file, or "" where there is none. */
    private static String firstValue(Path file, String key) {
        try (var lines = Files.lines(file)) {
            return lines.filter(l -> l.startsWith(key)).map(l -> l.substring(l.indexOf(':') + 1).trim())
                    .findFirst().orElse("");
        } catch (IOException | UncheckedIOException e) {
            return "";
        }
    }

    /** A git command's trimmed output in the working directory, or "" where git or a repository is missing. */
    private static String git(String... arguments) {
        List<String> command = new ArrayList<>(List.of("git"));
        command.addAll(List.of(arguments));
        try {
            Process git = new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.DISCARD).start();
            String out = new String(git.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return git.waitFor(10, TimeUnit.SECONDS) && git.exitValue() == 0 ? out : "";
        } catch (IOException e) {
            return "";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "";
        }
    }
}
