package dev.ldf.server.http;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

import jakarta.servlet.http.HttpServletRequest;

/**
 * A request body as its sender meant it: decoded from its {@code Content-Encoding} (gzip or
 * deflate) here rather than by Jetty, whose request decompression (12.1.x) spins a thread forever
 * on a gzip stream cut short. The JDK's inflater reads what it is given and reports a stream that
 * ends too early or is damaged, which becomes a 400 ({@link HttpError}); nothing here bounds the
 * decoded size, which each reader limits for its own purpose.
 */
final class RequestBodies {

    private RequestBodies() {}

    /** The decoded body; 415 for a coding other than gzip, deflate or identity. */
    static InputStream decoded(HttpServletRequest request) throws IOException {
        String coding = request.getHeader("Content-Encoding");
        InputStream in = request.getInputStream();
        if (coding == null || coding.isBlank()) {
            return in;
        }
        String name = coding.strip().toLowerCase(Locale.ROOT);
        try {
            return switch (name) {
                case "identity" -> in;
                // GZIPInputStream reads the gzip header as it is made.
                case "gzip", "x-gzip" -> new Checked(new GZIPInputStream(in, 16 * 1024), "gzip");
                case "deflate" -> new Checked(new InflaterInputStream(in), "deflate");
                default -> throw new HttpError(415, "Content-Encoding '" + abbreviate(coding)
                        + "' is not supported: send the body as it is, or gzip or deflate encoded.", true);
            };
        } catch (ZipException | EOFException e) {
            throw damaged(e, name);
        }
    }

    private static HttpError damaged(IOException e, String coding) {
        String what = e instanceof EOFException ? "ends before its " + coding + " stream does (cut short)"
                : "is not valid " + coding + " data";
        return new HttpError(400, "The request body " + what + "; nothing was done.", true);
    }

    /** A decoded stream whose damage is the client's error: a 400 that names the coding. */
    private static final class Checked extends FilterInputStream {
        private final String coding;

        Checked(InputStream in, String coding) {
            super(in);
            this.coding = coding;
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (ZipException | EOFException e) {
                throw damaged(e, coding);
            }
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            try {
                return super.read(buffer, offset, length);
            } catch (ZipException | EOFException e) {
                throw damaged(e, coding);
            }
        }
    }

    private static String abbreviate(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
