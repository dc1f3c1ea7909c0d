package dev.ldf.client.testing;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentRequest;

/** Records every request the client sends. */
public final class RecordingListener implements ClientListener {

    public final List<FragmentRequest> requests = new CopyOnWriteArrayList<>();

    @Override
    public void requestSent(FragmentRequest request) {
        requests.add(request);
    }

    /** The brTPF parameter of a request (from its URL or body), or null. */
    public static String values(FragmentRequest request) {
        String query = request.isPost() ? request.form()
                : request.url().contains("?") ? request.url().substring(request.url().indexOf('?') + 1) : "";
        for (String pair : query.split("&")) {
            if (pair.startsWith("values=")) {
                return URLDecoder.decode(pair.substring(7), StandardCharsets.UTF_8);
            }
        }
        return null;
    }
}
