package dev.ldf.server.config;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ServerConfigTest {

    @TempDir
    Path dir;

    private Path write(String json) throws IOException {
        Path file = dir.resolve("server.json");
        Files.writeString(file, json);
        return file;
    }

    @Test
    void readsAFullConfigurationAndResolvesHdtPathsAgainstIt() throws IOException {
        ServerConfig config = ConfigFile.read(write("""
                {"title": "T", "host": "0.0.0.0", "port": 9000, "baseUrl": "https://data.example.org/ldf/",
                 "cacheMaxAgeSeconds": 60, "maxRequestHeaderBytes": 32768,
                 "datasets": [{"name": "dbpedia", "title": "DBpedia", "hdt": "data/dbpedia.hdt", "pageSize": 250,
                               "loading": "load", "prefixes": {"dbo": "http://dbpedia.org/ontology/"}, "countScanLimit": 5}]}
                """));
        assertEquals("0.0.0.0", config.host());
        assertEquals(9000, config.port());
        assertEquals("https://data.example.org/ldf", config.baseUrl(), "trailing slash dropped");
        assertEquals(60, config.cacheMaxAgeSeconds());
        DatasetConfig d = config.datasets().get(0);
        assertEquals(dir.resolve("data/dbpedia.hdt"), d.hdtPath());
        assertEquals(250, d.pageSize());
        assertEquals(DatasetConfig.Loading.LOAD, d.loading());
        assertEquals("http://dbpedia.org/ontology/", d.prefixes().get("dbo"));
        assertEquals(5L, d.countScanLimit());
    }

    @Test
    void defaultsAreSafe() throws IOException {
        ServerConfig config = ConfigFile.read(write("{\"datasets\": [{\"name\": \"d\", \"hdt\": \"d.hdt\"}]}"));
        assertEquals("127.0.0.1", config.host(), "loopback unless asked otherwise");
        assertEquals(8080, config.port());
        assertNull(config.baseUrl());
        DatasetConfig d = config.datasets().get(0);
        assertEquals("d", d.title());
        assertEquals(100, d.pageSize());
        assertEquals(DatasetConfig.Loading.AUTO, d.loading());
    }

    @Test
    void mistakesAreReportedWithWhatIsWrong() throws IOException {
        expect("{\"datasets\": [{\"name\": \"d\", \"hdt\": \"d.hdt\", \"pagesize\": 5}]}", "pagesize");
        expect("{\"datasets\": [{\"name\": \"a/b\", \"hdt\": \"d.hdt\"}]}", "Dataset name 'a/b'");
        expect("{\"datasets\": [{\"name\": \"d\"}]}", "has no \"hdt\" file");
        expect("{\"datasets\": [{\"name\": \"d\", \"hdt\": \"x\"}, {\"name\": \"d\", \"hdt\": \"y\"}]}", "used twice");
        expect("{\"datasets\": [{\"name\": \"d\", \"hdt\": \"x\", \"pageSize\": 0}]}", "pageSize must be between");
        expect("{\"datasets\": []}", "No datasets");
        expect("{\"port\": 70000, \"datasets\": [{\"name\": \"d\", \"hdt\": \"x\"}]}", "port must be");
        expect("{\"baseUrl\": \"ftp://x\", \"datasets\": [{\"name\": \"d\", \"hdt\": \"x\"}]}", "baseUrl must be");
        expect("{\"datasets\": [{\"name\": \"d\", \"hdt\": \"x\", \"loading\": \"stream\"}]}", "stream");
        expect("{\"datasets\": [", "line 1");
        expect("", "empty");
    }

    /** Issue 33: type mistakes in words, naming the key and the file, without Java's names for types. */
    @Test
    void wrongTypesAreSaidInWordsWithTheKeyAndTheFile() throws IOException {
        expect("{\"datasets\": [{\"name\": \"d\", \"hdt\": \"x\", \"pageSize\": \"ten\"}]}",
                "datasets[0].pageSize must be a whole number, not \"ten\"");
        expect("{\"http2\": \"yes\", \"datasets\": [{\"name\": \"d\", \"hdt\": \"x\"}]}", "http2 must be true or false");
        expect("{\"datasets\": {\"name\": \"d\"}}", "datasets must be a list");
        expect("{\"datasets\": [{\"name\": \"d\", \"hdt\": \"x\", \"loading\": \"stream\"}]}",
                "must be one of \"auto\", \"map\", \"load\"");
        Path empty = write("{\"datasets\": []}");
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigFile.read(empty));
        assertTrue(e.getMessage().startsWith("Configuration " + empty + ": "), e.getMessage());
        for (String json : new String[] {"{\"port\": \"x\", \"datasets\": []}", "{\"datasets\": [{\"pageSize\": []}]}"}) {
            Path file = write(json);
            ConfigException wrong = assertThrows(ConfigException.class, () -> ConfigFile.read(file));
            assertTrue(!wrong.getMessage().contains("java.") && !wrong.getMessage().contains("deserialize"),
                    wrong.getMessage());
        }
    }

    @Test
    void aMissingFileIsReported() {
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigFile.read(dir.resolve("none.json")));
        assertTrue(e.getMessage().contains("none.json"));
    }

    private void expect(String json, String message) throws IOException {
        Path file = write(json);
        ConfigException e = assertThrows(ConfigException.class, () -> ConfigFile.read(file), json);
        assertTrue(e.getMessage().contains(message), () -> json + " -> " + e.getMessage());
    }
}
