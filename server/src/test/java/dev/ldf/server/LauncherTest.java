package dev.ldf.server;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.PathingJar;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.ServerProcess;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/ldf-server}, the README's start: the serial collector unless the operator names one,
 * the operator's options winning, one 'Memory:' line saying what the JVM runs with, and signals
 * reaching the server (the script execs Java).
 */
@Tag("process")
class LauncherTest {

    private static final Path LAUNCHER = Path.of("..", "bin", "ldf-server").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void theLeanStartRunsTheSerialCollectorAndSaysSo() throws Exception {
        Run run = start(Map.of());
        assertTrue(run.memory().contains("serial GC (chosen by bin/ldf-server"), run.log);
        assertTrue(run.memory().contains("the JVM's default: a quarter of"), run.log);
        assertTrue(run.memory().contains("library loaded"), run.log);
        assertTrue(run.memory().endsWith("-Xmx in LDF_SERVER_JAVA_OPTS bounds it"), run.log);
        assertEquals(0, run.exitCode, "SIGTERM reaches the JVM itself and stops it cleanly:\n" + run.log);
        assertTrue(run.log.contains("Stopped"), run.log);
    }

    @Test
    void theOperatorsHeapAndCollectorWin() throws Exception {
        Run run = start(Map.of("LDF_SERVER_JAVA_OPTS", "-Xmx96m -XX:+UseG1GC"));
        assertTrue(run.memory().contains("G1 GC, heap up to 96 MB (-Xmx)"), run.log);
        assertEquals(0, run.exitCode, run.log);
        Run bounded = start(Map.of("LDF_SERVER_JAVA_OPTS", "-Xmx128m"));
        assertTrue(bounded.memory().contains("serial GC (chosen by bin/ldf-server"), bounded.log);
        assertTrue(bounded.memory().contains("(-Xmx)"), bounded.log);
    }

    /**
     * On Java 25 (the machines have Temurin 25 beside Java 17) the launcher adds compact object
     * headers and hdt-java's off-heap allocation starts without a JVM warning.
     */
    @Test
    void onJava25TheLauncherAddsCompactHeadersAndTheLogHasNoWarning() throws Exception {
        Path jdk25 = jdk(25);
        // Java 17 is the project's floor, so a machine without a JDK 25 skips this rather than fails.
        Assumptions.assumeTrue(jdk25 != null, "no JDK 25 under /usr/lib/jvm");
        Run run = start(Map.of("JAVA_HOME", jdk25.toString()));
        assertTrue(run.commandLine().contains("-XX:+UseCompactObjectHeaders"), run.commandLine());
        assertTrue(run.memory().contains("serial GC (chosen by bin/ldf-server"), run.log);
        assertTrue(!run.log.contains("WARNING"), run.log);
        assertEquals(0, run.exitCode, run.log);
        Run java17 = start(Map.of());
        assertTrue(!java17.commandLine().contains("CompactObjectHeaders"), "Java 17 has no such option: " + java17.commandLine());
    }

    /** A JDK of this feature release under /usr/lib/jvm (Debian's and Temurin's place), or null. */
    private static Path jdk(int feature) throws IOException {
        Path jvms = Path.of("/usr/lib/jvm");
        if (!Files.isDirectory(jvms)) {
            return null;
        }
        try (var dirs = Files.list(jvms)) {
            for (Path home : dirs.sorted().toList()) {
                Path release = home.resolve("release");
                if (Files.isExecutable(home.resolve("bin/java")) && Files.isRegularFile(release)
                        && Files.readString(release).contains("JAVA_VERSION=\"" + feature + ".")) {
                    return home;
                }
            }
        }
        return null;
    }

    @Test
    void aMissingJarIsOneErrorLineWithTheBuildCommand() throws Exception {
        ProcessBuilder p = new ProcessBuilder(LAUNCHER.toString(), "--config", "x.json").redirectErrorStream(true);
        p.environment().put("LDF_SERVER_JAR", dir.resolve("missing.jar").toString());
        Process process = p.start();
        String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(2, process.waitFor());
        assertTrue(out.startsWith("error: ") && out.contains("mvn -B -q package -DskipTests"), out);
        assertEquals(1, out.lines().count(), out);
    }

    private record Run(String log, int exitCode, String commandLine) {
        String memory() {
            return log.lines().filter(l -> l.contains("Memory: ")).findFirst()
                    .map(l -> l.substring(l.indexOf("Memory: "))).orElse("(no Memory line)");
        }
    }

    /** Starts the launcher on the test classes, waits for it to listen, then stops it with SIGTERM. */
    private Run start(Map<String, String> env) throws Exception {
        int port = ServerProcess.freePort();
        Path config = dir.resolve("server-" + port + ".json");
        ConfigFile.write(ServerConfig.of(List.of(DatasetConfig.of("library", TestData.libraryHdt())))
                .toBuilder().listener("127.0.0.1", port).build(), config);
        Path log = dir.resolve("server-" + port + ".log");
        ProcessBuilder builder = new ProcessBuilder(LAUNCHER.toString(), "--config", config.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        builder.environment().put("LDF_SERVER_JAR", pathingJar().toString());
        builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        builder.environment().putAll(env);
        Process process = builder.start();
        String commandLine = "";
        try {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
            // "Index at" comes after the shutdown hook is in place ("Listening on" comes before it): a
            // SIGTERM sent earlier would end the JVM with the signal's status, not a clean stop.
            while (!Files.readString(log).contains("Index at ") && process.isAlive() && System.nanoTime() < deadline) {
                Thread.sleep(50);
            }
            // The script execs Java: the launched process is the JVM.
            commandLine = process.info().commandLine().orElse("");
            process.destroy();
            boolean ended = process.waitFor(30, TimeUnit.SECONDS);
            return new Run(Files.readString(log), ended ? process.exitValue() : -1, commandLine);
        } finally {
            process.destroyForcibly();
        }
    }

    private Path pathingJar() throws IOException {
        Path jar = dir.resolve("ldf-server.jar");
        return Files.exists(jar) ? jar : PathingJar.write(jar, Main.class);
    }
}
