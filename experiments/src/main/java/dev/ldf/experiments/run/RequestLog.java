package dev.ldf.experiments.run;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.List;
import java.util.zip.GZIPOutputStream;

import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentRequest;

/**
 * The requests a client made, as a cache sees them: each answered request becomes its cache key
 * (method, URL and, for POST, the body) hashed to 64 bits, which is all an LRU replay needs and
 * keeps the log small. Rows: {@code configuration,query,key}, query after query.
 *
 * <p>Within a query, requests run concurrently and answers arrive in no fixed order, while which
 * requests a query makes does not depend on timing: each query's keys are written sorted, so that
 * the log, and a replay of it, is the same on every run.
 */
public final class RequestLog implements ClientListener, AutoCloseable {

    private final Writer out;
    private String context = "";
    private final List<String> keys = new ArrayList<>();

    public RequestLog(Path file) throws IOException {
        this.out = new BufferedWriter(new OutputStreamWriter(new GZIPOutputStream(Files.newOutputStream(file), 1 << 16),
                StandardCharsets.UTF_8), 1 << 16);
        out.write("configuration,query,key\n");
    }

    /** The configuration and query the following requests belong to; the previous query's go to the file. */
    public synchronized void begin(String configuration, String query) throws IOException {
        flush();
        context = configuration + "," + query + ",";
    }

    @Override
    public synchronized void pageReceived(FragmentRequest request, int status, long bytes, int dataTriples,
            int metadataTriples) {
        keys.add(key(request));
    }

    private void flush() throws IOException {
        Collections.sort(keys);
        for (String key : keys) {
            out.write(context + key + "\n");
        }
        keys.clear();
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
    public synchronized void close() throws IOException {
        flush();
        out.close();
    }
}
