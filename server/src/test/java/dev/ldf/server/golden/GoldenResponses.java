package dev.ldf.server.golden;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.zip.GZIPInputStream;

/**
 * The golden responses: the {@link RecordedRequests} sent over a socket to a server on a loopback
 * port, each answer rendered as its status line, the headers that carry meaning (sorted) and the
 * body with the transfer coding undone, and the recording they are compared with. Entity tags are
 * only checked to be there: they depend on the HDT file's path and time. Shared by the embedded
 * server's test and the servlet container's.
 */
public final class GoldenResponses {

    /** Where the recording is on the class path (the server's test resources, also in its test jar). */
    public static final String RESOURCE = "/golden/responses.txt.gz";
    /** The headers compared; others (Date, Content-Length, Server) vary or belong to the transfer. */
    public static final List<String> HEADERS = List.of("access-control-allow-headers", "access-control-allow-methods",
            "access-control-allow-origin", "access-control-expose-headers", "access-control-max-age", "allow",
            "cache-control", "connection", "content-encoding", "content-security-policy", "content-type", "location",
            "referrer-policy", "retry-after", "vary", "x-content-type-options");

    private GoldenResponses() {}

    /**
     * The configuration the recording was made with, as a JSON file in {@code dir} serving
     * {@code hdt} (the library dataset) three times with different page sizes and limits; port 0.
     */
    public static Path writeConfig(Path dir, Path hdt) throws IOException {
        String file = hdt.toAbsolutePath().toString().replace("\\", "\\\\").replace("\"", "\\\"");
        return Files.writeString(dir.resolve("golden.json"), """
                {
                  "title": "Golden", "description": "Responses that must not change.",
                  "host": "127.0.0.1", "port": 0,
                  "baseUrl": "http://golden.example/ldf", "cacheMaxAgeSeconds": 600, "maxRequestBodyBytes": 262144,
                  "datasets": [
                    { "name": "library", "hdt": "%1$s", "title": "Library", "description": "The library dataset.",
                      "pageSize": 25,
                      "prefixes": { "lib": "http://example.org/library/", "schema": "http://schema.org/" } },
                    { "name": "paged", "hdt": "%1$s", "title": "Paged", "pageSize": 7, "countScanLimit": 20,
                      "maxBindingsPerRequest": 30 },
                    { "name": "tpfonly", "hdt": "%1$s", "title": "TPF only", "pageSize": 100, "maxBindingsPerRequest": 0 }
                  ]
                }
                """.formatted(file));
    }

    /** Each answer that differs from the recording, as the recorded one above the one now. */
    public static List<String> differences(List<String> recorded, List<String> answers) {
        if (recorded.size() != answers.size()) {
            return List.of("the recording has " + recorded.size() + " answers, now " + answers.size());
        }
        List<String> different = new ArrayList<>();
        for (int i = 0; i < answers.size(); i++) {
            if (!answers.get(i).equals(recorded.get(i))) {
                different.add("--- recorded\n" + recorded.get(i) + "\n+++ now\n" + answers.get(i));
            }
        }
        return different;
    }

    /** Every recorded request sent to the server at {@code port}, answers in the recording's order and form. */
    public static List<String> answers(int port) throws IOException {
        List<String> answers = new ArrayList<>();
        for (RecordedRequests.Request request : RecordedRequests.all()) {
            answers.add("=== " + request.name() + "\n" + exchange(port, request.bytes()));
        }
        return answers;
    }

    /** Sends a request and renders the answer: status line, meaningful headers (sorted), body. */
    public static String exchange(int port, byte[] request) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", port)) {
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
            byte[] body = end < 0 ? new byte[0] : Arrays.copyOfRange(all, end + 4, all.length);
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
            int lineEnd = indexOf(Arrays.copyOfRange(body, i, body.length), "\r\n".getBytes(StandardCharsets.US_ASCII));
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
    public static List<String> recorded() throws IOException {
        List<String> answers = new ArrayList<>();
        InputStream recording = GoldenResponses.class.getResourceAsStream(RESOURCE);
        if (recording == null) {
            throw new IOException("no " + RESOURCE + " on the class path");
        }
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(recording),
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

    /** A long difference, cut for a test failure's message. */
    public static String abbreviate(String s) {
        return s.length() > 6000 ? s.substring(0, 6000) + "..." : s;
    }
}
