package dev.ldf.server.golden;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 12: restructuring must not change what clients get. The responses to a recorded set of
 * requests ({@link RecordedRequests}: every format, TPF and brTPF, GET and POST, errors) are
 * compared byte for byte with a recording: status, the headers that carry meaning, and the body
 * (with the transfer coding undone). Entity tags are only checked to be there: they depend on the
 * HDT file's path and time.
 *
 * <p>To record anew after an intended change of behaviour, run with {@code -Dgolden.record=true}
 * and review the difference of {@code src/test/resources/golden/responses.txt.gz}.
 */
class GoldenResponsesTest {

    private static final Path RECORDING = Path.of("src/test/resources/golden/responses.txt.gz");
    private static final List<String> HEADERS = List.of("access-control-allow-headers", "access-control-allow-methods",
            "access-control-allow-origin", "access-control-expose-headers", "access-control-max-age", "allow",
            "cache-control", "connection", "content-encoding", "content-security-policy", "content-type", "location",
            "referrer-policy", "retry-after", "vary", "x-content-type-options");

    private static FragmentServer server;

    @BeforeAll
    static void start() throws Exception {
        String hdt = TestData.libraryHdt().toString();
        server = FragmentServer.start(ServerConfig.builder()
                .title("Golden").description("Responses that must not change.").listener("127.0.0.1", 0)
                .baseUrl("http://golden.example/ldf").cacheMaxAgeSeconds(600).maxRequestBodyBytes(256 * 1024)
                .datasets(List.of(
                        DatasetConfig.builder("library", hdt)
                                .title("Library").description("The library dataset.").pageSize(25).prefixes(prefixes())
                                .build(),
                        DatasetConfig.builder("paged", hdt)
                                .title("Paged").pageSize(7).countScanLimit(20L).maxBindingsPerRequest(30).build(),
                        DatasetConfig.builder("tpfonly", hdt)
                                .title("TPF only").pageSize(100).maxBindingsPerRequest(0).build())).build());
    }

    /** In a fixed order: prefixes are written in the order they are configured. */
    private static Map<String, String> prefixes() {
        Map<String, String> prefixes = new LinkedHashMap<>();
        prefixes.put("lib", "http://example.org/library/");
        prefixes.put("schema", "http://schema.org/");
        return prefixes;
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void responsesAreByteForByteThoseRecorded() throws IOException {
        List<RecordedRequests.Request> requests = RecordedRequests.all();
        assertTrue(requests.size() >= 500, "at least 500 requests: " + requests.size());
        List<String> answers = new ArrayList<>();
        for (RecordedRequests.Request request : requests) {
            answers.add("=== " + request.name() + "\n" + exchange(request.bytes()));
        }
        if (Boolean.getBoolean("golden.record")) {
            try (Writer out = new java.io.OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(RECORDING)),
                    StandardCharsets.UTF_8)) {
                for (String answer : answers) {
                    out.write(answer);
                }
            }
            return;
        }
        List<String> recorded = read();
        assertEquals(recorded.size(), answers.size(), "the recording has another number of requests");
        List<String> different = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            if (!answers.get(i).equals(recorded.get(i))) {
                different.add("--- recorded\n" + recorded.get(i) + "\n+++ now\n" + answers.get(i));
            }
        }
        assertTrue(different.isEmpty(), () -> different.size() + " of " + answers.size()
                + " responses differ from the recording; the first:\n" + abbreviate(different.get(0)));
    }

    /** Sends a request and renders the answer: status line, meaningful headers (sorted), body. */
    private static String exchange(byte[] request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(20_000);
            try {
                socket.getOutputStream().write(request);
            } catch (IOException e) {
                // refused before the whole request was sent (413, 414): the answer counts
            }
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (InputStream in = socket.getInputStream()) {
                in.transferTo(bytes);
            } catch (IOException e) {
                // reset after the answer
            }
            byte[] all = bytes.toByteArray();
            int end = indexOf(all, "\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            String head = new String(all, 0, end < 0 ? all.length : end, StandardCharsets.ISO_8859_1);
            byte[] body = end < 0 ? new byte[0] : java.util.Arrays.copyOfRange(all, end + 4, all.length);
            List<String> lines = head.lines().toList();
            Map<String, String> headers = new TreeMap<>();
            boolean chunked = false;
            for (String line : lines.subList(1, lines.size())) {
                int colon = line.indexOf(':');
                String name = line.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = line.substring(colon + 1).trim();
                chunked |= name.equals("transfer-encoding") && value.contains("chunked");
                if (name.equals("etag")) {
                    headers.put(name, "(present)");
                } else if (HEADERS.contains(name)) {
                    headers.merge(name, value, (a, b) -> a + ", " + b);
                }
            }
            StringBuilder answer = new StringBuilder(lines.get(0)).append('\n');
            headers.forEach((name, value) -> answer.append(name).append(": ").append(value).append('\n'));
            answer.append('\n').append(new String(chunked ? dechunk(body) : body, StandardCharsets.UTF_8)).append("\n");
            return answer.toString();
        }
    }

    private static byte[] dechunk(byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        int i = 0;
        while (i < body.length) {
            int lineEnd = indexOf(java.util.Arrays.copyOfRange(body, i, body.length), "\r\n".getBytes(StandardCharsets.US_ASCII));
            int size = Integer.parseInt(new String(body, i, lineEnd, StandardCharsets.US_ASCII).split(";")[0].trim(), 16);
            i += lineEnd + 2;
            if (size == 0) {
                break;
            }
            out.write(body, i, size);
            i += size + 2;
        }
        return out.toByteArray();
    }

    private static int indexOf(byte[] data, byte[] pattern) {
        outer:
        for (int i = 0; i <= data.length - pattern.length; i++) {
            for (int j = 0; j < pattern.length; j++) {
                if (data[i + j] != pattern[j]) {
                    continue outer;
                }
            }
            return i;
        }
        return -1;
    }

    /** The recorded answers, split where each begins. */
    private static List<String> read() throws IOException {
        List<String> answers = new ArrayList<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(RECORDING)),
                StandardCharsets.UTF_8))) {
            StringBuilder current = null;
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                if (line.startsWith("=== ")) {
                    if (current != null) {
                        answers.add(current.toString());
                    }
                    current = new StringBuilder();
                }
                current.append(line).append('\n');
            }
            if (current != null) {
                answers.add(current.toString());
            }
        }
        return answers;
    }

    private static String abbreviate(String s) {
        return s.length() > 6000 ? s.substring(0, 6000) + "..." : s;
    }

}
