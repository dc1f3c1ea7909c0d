package dev.ldf.deploy.soak;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.OptionalLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A server process's memory: its resident set (from {@code /proc}, Linux) and its heap in use
 * (from its metrics), optionally right after a full collection forced with {@code jcmd}.
 */
final class MemoryProbe {

    /** One reading, in bytes; -1 where it could not be read. */
    record Reading(long rssBytes, long heapBytes) {}

    private final long pid;
    private final URI metrics;
    private final HttpClient client = HttpClient.newHttpClient();

    MemoryProbe(long pid, URI server) {
        this.pid = pid;
        this.metrics = server.resolve("/-/metrics");
    }

    Reading read() {
        return new Reading(rss().orElse(-1), heap().orElse(-1));
    }

    /** A reading after a full collection, so that the heap shows what is live. */
    Reading afterCollection() {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        if (Files.isExecutable(jcmd)) {
            try {
                Process p = new ProcessBuilder(jcmd.toString(), Long.toString(pid), "GC.run").redirectErrorStream(true).start();
                p.getInputStream().readAllBytes();
                p.waitFor();
            } catch (IOException e) {
                // no collection: the reading says what is in use
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        return read();
    }

    private OptionalLong rss() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc", Long.toString(pid), "status"))) {
                if (line.startsWith("VmRSS:")) {
                    return OptionalLong.of(Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024);
                }
            }
        } catch (IOException | NumberFormatException e) {
            // not Linux, or the process has ended
        }
        return OptionalLong.empty();
    }

    private OptionalLong heap() {
        try {
            String text = client.send(HttpRequest.newBuilder(metrics).build(), HttpResponse.BodyHandlers.ofString()).body();
            Matcher m = Pattern.compile("(?m)^jvm_memory_used_bytes\\{area=\"heap\"} (\\S+)$").matcher(text);
            return m.find() ? OptionalLong.of((long) Double.parseDouble(m.group(1))) : OptionalLong.empty();
        } catch (IOException e) {
            return OptionalLong.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return OptionalLong.empty();
        }
    }
}
