package dev.ldf.deploy.local;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.testing.RequiredTools;
import dev.ldf.server.config.ConfigFile;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The systemd unit of the plain-Java deployment: {@code systemd-analyze verify} finds nothing to
 * say about it, and its readiness wait really waits for a server started as the unit starts it.
 */
@Tag("process")
class SystemdUnitTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Path UNIT = ROOT.resolve("deploy/systemd/ldf-server.service");

    @TempDir
    Path work;

    private static String setting(String unit, String key) {
        Matcher m = Pattern.compile("(?m)^" + key + "=(.*)$").matcher(unit);
        assertTrue(m.find(), key + " is set");
        return m.group(1);
    }

    @Test
    void systemdAnalyzeVerifiesTheUnitWithoutAWarning() throws Exception {
        String tool = Executables.find("systemd-analyze").orElse(null);
        if (tool == null) {
            RequiredTools.missing("systemd-analyze is not installed (apt-get install -y systemd)");
        }
        // verify checks that ExecStart's program exists: the install prefix becomes this checkout.
        String unit = Files.readString(UNIT).replace("/opt/ldf/bin/ldf-server", ROOT.resolve("bin/ldf-server").toString());
        Path copy = work.resolve("ldf-server.service");
        Files.writeString(copy, unit);
        Process verify = new ProcessBuilder(tool, "verify", copy.toString()).redirectErrorStream(true).start();
        String output = new String(verify.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(verify.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, verify.exitValue(), output);
        assertEquals("", output.strip(), "no warning either");
    }

    @Test
    void theUnitStartsLeanAsItsOwnUserAndRestartsOnFailure() throws Exception {
        String unit = Files.readString(UNIT);
        assertEquals("/opt/ldf/bin/ldf-server --config /etc/ldf/server.json", setting(unit, "ExecStart"));
        assertEquals("ldf", setting(unit, "User"));
        assertEquals("on-failure", setting(unit, "Restart"));
        assertEquals("143", setting(unit, "SuccessExitStatus"), "a SIGTERM stop is a clean stop");
        assertTrue(Files.readString(ROOT.resolve("deploy/systemd/ldf-server.sysusers")).contains("\nu ldf - "),
                "sysusers makes the user");
    }

    @Test
    void startedMeansReadyTheUnitsWaitEndsOnceTheServerAnswers() throws Exception {
        String unit = Files.readString(UNIT);
        String post = setting(unit, "ExecStartPost");
        Matcher shell = Pattern.compile("^/bin/sh -c '(.*)'$").matcher(post);
        assertTrue(shell.find(), post);
        Path config = work.resolve("server.json");
        ConfigFile.write(LocalDeploymentTest.config(60), config);
        try (Replica server = Replica.start(config, work.resolve("server.log"), List.of("-Xmx256m"))) {
            ProcessBuilder wait = new ProcessBuilder("/bin/sh", "-c", shell.group(1)).redirectErrorStream(true);
            wait.environment().put("LDF_READY_URL", server.uri().resolve("/-/ready").toString());
            Process process = wait.start();
            assertTrue(process.waitFor(30, TimeUnit.SECONDS), "the wait ends once /-/ready answers 200");
            assertEquals(0, process.exitValue());
        }
    }
}
