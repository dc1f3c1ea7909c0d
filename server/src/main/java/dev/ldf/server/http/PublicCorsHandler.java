package dev.ldf.server.http;

import java.nio.ByteBuffer;

import org.eclipse.jetty.http.HttpField;
import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.http.PreEncodedHttpField;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * CORS for public data: every response carries {@code Access-Control-Allow-Origin: *} whether or
 * not the request had an {@code Origin}, and pre-flight requests are answered here.
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

    private static final HttpField ALLOW_ORIGIN = new PreEncodedHttpField(HttpHeader.ACCESS_CONTROL_ALLOW_ORIGIN, "*");
    private static final HttpField EXPOSE = new PreEncodedHttpField(HttpHeader.ACCESS_CONTROL_EXPOSE_HEADERS,
            "ETag, Content-Type, Retry-After, Next-Token, Server-Timing");

    PublicCorsHandler(Handler handler) {
        super(handler);
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (HttpMethod.OPTIONS.is(request.getMethod())) {
            preflight(response);
            callback.succeeded();
            return true;
        }
        return super.handle(request, new Response.Wrapper(request, response) {
            private boolean added;

            @Override
            public void write(boolean last, ByteBuffer content, Callback writeCallback) {
                if (!added) {
                    added = true;
                    getHeaders().put(ALLOW_ORIGIN);
                    getHeaders().put(EXPOSE);
                }
                super.write(last, content, writeCallback);
            }
        }, callback);
    }

    /** Any origin may send any request the server answers, with the headers clients use. */
    private static void preflight(Response response) {
        response.setStatus(204);
        response.getHeaders().put(ALLOW_ORIGIN);
        response.getHeaders().put(EXPOSE);
        response.getHeaders().put(HttpHeader.ALLOW, Headers.DATASET_METHODS);
        response.getHeaders().put(HttpHeader.ACCESS_CONTROL_ALLOW_METHODS, Headers.DATASET_METHODS);
        response.getHeaders().put(HttpHeader.ACCESS_CONTROL_ALLOW_HEADERS, "Accept, Content-Type, If-None-Match");
        response.getHeaders().put(HttpHeader.ACCESS_CONTROL_MAX_AGE, "86400");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
    }
}
