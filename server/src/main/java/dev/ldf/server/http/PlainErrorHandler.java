package dev.ldf.server.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/** Errors that Jetty's handlers answer before the servlet sees the request, as {@link PlainErrors}. */
public final class PlainErrorHandler extends ErrorHandler {

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
            Callback callback) throws IOException {
        int status = PlainErrors.status(code);
        response.setStatus(status);
        PlainErrors.HEADERS.forEach(response.getHeaders()::put);
        response.write(true, ByteBuffer.wrap(PlainErrors.body(code).getBytes(StandardCharsets.UTF_8)), callback);
    }
}
