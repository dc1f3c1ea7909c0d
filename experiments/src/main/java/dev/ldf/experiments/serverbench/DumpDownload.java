package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.io.InputStream;
import java.net.HttpURLConnection;
import java.net.URI;
import java.time.Duration;

import dev.ldf.experiments.run.ProcessMemory;

/**
 * One download of a dataset's dump, read as fast as a plain socket allows and thrown away, with
 * the server's peak memory meanwhile: the dump's streaming rate and whether memory stays flat.
 */
final class DumpDownload {

    /** One measured download. */
    record Result(long bytes, double seconds, long peakRssBytes, long peakAnonymousRssBytes) {
        double megabytesPerSecond() {
            return bytes / 1e6 / seconds;
        }
    }

    private DumpDownload() {}

    /**
     * Downloads {@code file}, or as much of it as arrives within {@code limit} (a dump of a billion
     * triples takes minutes): the rate is over what was read.
     */
    static Result measure(URI server, String dataset, String file, ProcessHandle process, Duration limit)
            throws IOException {
        URI uri = server.resolve("/" + dataset + "/" + file);
        byte[] buffer = new byte[256 * 1024];
        long bytes = 0;
        ProcessMemory memory = ProcessMemory.sample(process);
        long start = System.nanoTime();
        try {
            HttpURLConnection connection = (HttpURLConnection) uri.toURL().openConnection();
            // No Accept-Encoding: the plain dump is measured as such, the .gz file as it is stored.
            connection.setRequestProperty("Accept-Encoding", "identity");
            if (connection.getResponseCode() != 200) {
                throw new IOException(uri + " answered " + connection.getResponseCode());
            }
            try (InputStream in = connection.getInputStream()) {
                long end = start + limit.toNanos();
                for (int n = in.read(buffer); n >= 0 && System.nanoTime() < end; n = in.read(buffer)) {
                    bytes += n;
                }
            }
        } finally {
            memory.close();
        }
        return new Result(bytes, (System.nanoTime() - start) / 1e9, memory.peakBytes(), memory.peakAnonymousBytes());
    }
}
