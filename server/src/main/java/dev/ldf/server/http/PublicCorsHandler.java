package dev.ldf.server.http;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;

import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * CORS for public data ({@link PublicCors}) in the embedded Jetty: every response carries
 * {@code Access-Control-Allow-Origin: *} whether or not the request had an {@code Origin}, and
 * pre-flight requests are answered here.
 *
 * <p>Not Jetty's {@code CrossOriginHandler}: it echoes the request's origin and adds
 * {@code Vary: Origin}, and sends nothing without an {@code Origin} header. Behind a shared cache
 * (nginx, a CDN) that splits every entry by origin, or serves a response cached for a request
 * without {@code Origin} to a browser, which then refuses it. Fragments are public, so one answer
 * fits every origin.
 *
 * <p>The headers are added when the response is committed, so that they survive whatever the
 * handlers inside reset (an error replaces a half-built response).
 */
final class PublicCorsHandler extends Handler.Wrapper {

    private static final List<HttpField> EVERY_RESPONSE = preEncoded(PublicCors.EVERY_RESPONSE);
    private static final List<HttpField> PREFLIGHT = preEncoded(PublicCors.PREFLIGHT);

    PublicCorsHandler(Handler handler) {
        super(handler);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (HttpMethod.OPTIONS.is(request.getMethod())) {
            response.setStatus(204);
            PREFLIGHT.forEach(response.getHeaders()::put);
            callback.succeeded();
            return true;
        }
        return super.handle(request, new Response.Wrapper(request, response) {
            private boolean added;

            @Override
            public void write(boolean last, ByteBuffer content, Callback writeCallback) {
                if (!added) {
                    added = true;
                    EVERY_RESPONSE.forEach(getHeaders()::put);
                }
                super.write(last, content, writeCallback);
            }
        }, callback);
    }

    private static List<HttpField> preEncoded(Map<String, String> headers) {
        return headers.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .<HttpField>map(h -> new PreEncodedHttpField(h.getKey(), h.getValue())).toList();
    }
}
