package dev.ldf.server.monitor;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * What an operator endpoint under {@code /-/} answers, whichever container asks: a status, a
 * content type, a body, and for a wrong method the methods that are allowed. Every answer also
 * carries {@code Cache-Control: no-store} and {@code X-Content-Type-Options: nosniff}.
 */
public record OperatorAnswer(int status, String contentType, byte[] body, String allow) {

    public static final String PREFIX = "/-/";

    private static final String TEXT = "text/plain;charset=utf-8";

    /** The answer to {@code method} on {@code path} (which starts with {@link #PREFIX}). */
    public static OperatorAnswer to(String method, String path, ServerMetrics metrics, Readiness readiness) {
        if (!"GET".equals(method) && !"HEAD".equals(method)) {
            return new OperatorAnswer(405, TEXT, line("Method " + method + " is not allowed here; use GET."), "GET, HEAD");
        }
        return switch (path.substring(PREFIX.length())) {
            case "live" -> text(200, "live");
            case "ready" -> {
                Readiness.State state = readiness.state();
                yield text(state == Readiness.State.READY ? 200 : 503, state.name().toLowerCase(Locale.ROOT));
            }
            case "metrics" -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream(16384);
                try {
                    metrics.write(out);
                } catch (IOException e) {
                    throw new UncheckedIOException(e); // a byte array does not fail
                }
                yield new OperatorAnswer(200, metrics.contentType(), out.toByteArray(), null);
            }
            default -> text(404, "There is no " + path + "; the operator endpoints are "
                    + PREFIX + "live, " + PREFIX + "ready and " + PREFIX + "metrics.");
        };
    }

    private static OperatorAnswer text(int status, String body) {
        return new OperatorAnswer(status, TEXT, line(body), null);
    }

    private static byte[] line(String text) {
        return (text + "\n").getBytes(StandardCharsets.UTF_8);
    }
}
