package dev.ldf.deploy.local;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.testing.RequiredTools;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The Docker deployment files, checked without a Docker engine: the compose file validates, it
 * sets every placeholder of the nginx template, and its limits agree with the server's.
 */
@Tag("container")
class DeploymentFilesTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final Pattern PLACEHOLDER = Pattern.compile("\\$\\{(LDF_[A-Z_]+)}");

    private static Set<String> placeholders() throws Exception {
        Set<String> names = new LinkedHashSet<>();
        Matcher m = PLACEHOLDER.matcher(Files.readString(ROOT.resolve("nginx/ldf-cache.conf.template")));
        while (m.find()) {
            names.add(m.group(1));
        }
        return names;
    }

    private static String compose() throws Exception {
        return Files.readString(ROOT.resolve("docker-compose.yml"));
    }

    @Test
    void theComposeFileSetsEveryPlaceholderOfTheTemplate() throws Exception {
        Set<String> names = placeholders();
        assertTrue(names.size() >= 6, names::toString);
        for (String name : names) {
            assertTrue(compose().contains("      " + name + ": "), name + " is not set for the cache service");
        }
    }

    @Test
    void theLimitsOfCacheAndServerAgree() throws Exception {
        Matcher body = Pattern.compile("LDF_MAX_BODY: (\\S+)").matcher(compose());
        assertTrue(body.find());
        ServerConfig server = ConfigFile.read(ROOT.resolve("docker/server.json"));
        assertEquals(Sizes.parse(body.group(1)), (long) server.maxRequestBodyBytes(),
                "the servers accept exactly the bodies the cache lets through");
        assertEquals("0.0.0.0", server.host(), "in a container the server listens on all interfaces");
        assertTrue(Files.readString(ROOT.resolve("nginx/ldf-cache.conf.template")).contains("large_client_header_buffers 4 16k"));
        assertEquals(16 * 1024, server.maxRequestHeaderBytes(), "URLs the cache passes are URLs the servers take");
    }

    @Test
    void theLiveConfigurationsMakeAPrimaryAndFollowersOfIt() throws Exception {
        // The primary's token comes from the environment, which a test does not have: read it as JSON.
        var primary = new ObjectMapper().readTree(ROOT.resolve("docker/live-primary.json").toFile());
        ServerConfig follower = ConfigFile.read(ROOT.resolve("docker/live-follower.json"));
        assertEquals(primary.get("datasets").size(), follower.datasets().size());
        for (int i = 0; i < follower.datasets().size(); i++) {
            var p = primary.get("datasets").get(i);
            DatasetConfig f = follower.datasets().get(i);
            assertTrue(p.get("writes").get("enabled").asBoolean());
            assertEquals("env:LDF_WRITE_TOKEN", p.get("writes").get("token").asText(), "the token from the environment");
            assertEquals("http://ldf-primary:8080/" + p.get("name").asText(), f.writes().follow());
            assertEquals(p.get("hdt").asText(), f.hdt(), "followers read the primary's volume");
            assertFalse(f.writes().enabled());
        }
        String live = Files.readString(ROOT.resolve("docker-compose.live.yml"));
        assertTrue(live.contains("LDF_PRIMARY_SERVER: \"server ldf-primary:8080;\""));
        assertTrue(compose().contains("LDF_PRIMARY_SERVER"), "the template's placeholder is filled without live data too");
    }

    @Test
    void theComposeFileValidates() throws Exception {
        String tool = findOnPath("docker-compose");
        if (tool == null) {
            RequiredTools.missing("docker-compose is not installed (apt-get install -y docker-compose)");
        }
        Process p = new ProcessBuilder(tool, "-f", ROOT.resolve("docker-compose.yml").toString(), "config", "-q")
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), output);
    }

    @Test
    void theTemplateWithTheComposeValuesIsAValidNginxConfiguration(@TempDir Path dir) throws Exception {
        LocalDeploymentTest.requireNginx();
        String rendered = Files.readString(ROOT.resolve("nginx/ldf-cache.conf.template"));
        Matcher env = Pattern.compile("      (LDF_[A-Z_]+): \"?([^\"\\n]*)\"?").matcher(compose());
        while (env.find()) {
            String value = env.group(2);
            // nginx -t resolves upstream names: the compose service name only exists inside Docker.
            value = value.replace("ldf-server:8080", "127.0.0.1:8080")
                    .replace("/var/cache/ldf", dir.resolve("cache").toString())
                    .replace("/var/log/nginx/", dir + "/");
            rendered = rendered.replace("${" + env.group(1) + "}", value);
        }
        assertFalse(PLACEHOLDER.matcher(rendered).find(), "every placeholder is filled");
        Files.writeString(dir.resolve("ldf.conf"), rendered);
        Files.writeString(dir.resolve("nginx.conf"), "pid " + dir.resolve("nginx.pid") + ";\nerror_log " + dir.resolve("error.log")
                + ";\nevents {}\nhttp {\n client_body_temp_path " + dir + "/t1; proxy_temp_path " + dir + "/t2;\n include "
                + dir.resolve("ldf.conf") + ";\n}\n");
        Process p = new ProcessBuilder(NginxCache.binary(), "-t", "-p", dir.toString(), "-c", dir.resolve("nginx.conf").toString())
                .redirectErrorStream(true).start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, p.waitFor(), output);
    }

    private static String findOnPath(String name) {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(":")) {
            if (!dir.isEmpty() && Files.isExecutable(Path.of(dir, name))) {
                return Path.of(dir, name).toString();
            }
        }
        return null;
    }
}
