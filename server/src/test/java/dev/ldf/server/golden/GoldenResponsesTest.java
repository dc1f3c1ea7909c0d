package dev.ldf.server.golden;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 12: restructuring must not change what clients get. The responses to a recorded set of
 * requests ({@link RecordedRequests}: every format, TPF and brTPF, GET and POST, errors) are
 * compared byte for byte with a recording ({@link GoldenResponses}): status, the headers that
 * carry meaning, and the body (with the transfer coding undone).
 *
 * <p>To record anew after an intended change of behaviour, run with {@code -Dgolden.record=true}
 * and review the difference of {@code src/test/resources/golden/responses.txt.gz}.
 */
@Tag("server")
class GoldenResponsesTest {

    private static final Path RECORDING = Path.of("src/test/resources/golden/responses.txt.gz");

    private static FragmentServer server;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        server = FragmentServer.start(ConfigFile.read(GoldenResponses.writeConfig(dir, TestData.libraryHdt())));
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void responsesAreByteForByteThoseRecorded() throws IOException {
        List<String> answers = GoldenResponses.answers(server.port());
        assertTrue(answers.size() >= 500, "at least 500 requests: " + answers.size());
        if (Boolean.getBoolean("golden.record")) {
            try (Writer out = new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(RECORDING)),
                    StandardCharsets.UTF_8)) {
                for (String answer : answers) {
                    out.write(answer);
                }
            }
            return;
        }
        List<String> different = GoldenResponses.differences(GoldenResponses.recorded(), answers);
        assertTrue(different.isEmpty(), () -> different.size() + " of " + answers.size()
                + " responses differ from the recording; the first:\n" + GoldenResponses.abbreviate(different.get(0)));
    }

}
