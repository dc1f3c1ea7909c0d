package dev.ldf.experiments.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.zip.GZIPOutputStream;

import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentRequest;

/**
 * The requests a client made, in order, as a cache sees them: each answered request becomes its
 * cache key (method, URL and, for POST, the body) hashed to 64 bits, which is all an LRU replay
 * needs and keeps the log small. Rows: {@code configuration,query,key}.
 */
public final class RequestLog implements ClientListener, AutoCloseable {

    private final Writer out;
    private volatile String context = "";

    public RequestLog(Path file) throws IOException {
        this.out = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(file), 1 << 16),
                StandardCharsets.UTF_8), 1 << 16);
        out.write("configuration,query,key\n");
    }

    /** The configuration and query the following requests belong to. */
    public void begin(String configuration, String query) {
        context = configuration + "," + query + ",";
    }

    @Override
    public void pageReceived(FragmentRequest request, int status, long bytes, int dataTriples, int metadataTriples) {
        String line = context + key(request) + "\n";
        synchronized (out) {
            try {
                out.write(line);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }

    /** A request's cache key as 16 hex digits. */
    static String key(FragmentRequest request) {
        try {
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            sha.update((request.isPost() ? "POST " : "GET ").getBytes(StandardCharsets.UTF_8));
            sha.update(request.url().getBytes(StandardCharsets.UTF_8));
            if (request.isPost()) {
                sha.update((byte) '\n');
                sha.update(request.form().getBytes(StandardCharsets.UTF_8));
            }
            return HexFormat.of().formatHex(sha.digest(), 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void close() throws IOException {
        synchronized (out) {
            out.close();
        }
    }
}
