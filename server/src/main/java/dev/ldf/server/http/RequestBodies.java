package dev.ldf.server.http;

import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Locale;
import java.util.concurrent.TimeoutException;
import java.util.zip.InflaterInputStream;
import java.util.zip.ZipException;

import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

import jakarta.servlet.http.HttpServletRequest;
import dev.ldf.cli.Causes;

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
        InputStream in = raw(request);
        if (coding == null || coding.isBlank()) {
            return in;
        }
        String name = coding.strip().toLowerCase(Locale.ROOT);
        try {
            return switch (name) {
                case "identity" -> in;
                // Commons Compress reads the gzip header as it is made, reads concatenated members
                // as RFC 1952 allows, and refuses bytes after the last (the JDK's reader ignores them).
                case "gzip", "x-gzip" -> new Checked(GzipCompressorInputStream.builder().setInputStream(in)
                        .setDecompressConcatenated(true).get(), "gzip");
                case "deflate" -> new Checked(new WholeDeflate(in), "deflate");
                default -> throw new HttpError(415, "Content-Encoding '" + abbreviate(coding)
                        + "' is not supported: send the body as it is, or gzip or deflate encoded.", true);
            };
        } catch (IOException e) {
            throw damaged(e, name);
        }
    }

    /**
     * The body as sent, undecoded (to drain what a refused request still sends): a body that stops
     * arriving (the idle timeout) is a 408, one that ends before its declared length a 400, not an
     * I/O error that would leave the request unanswered.
     */
    static InputStream raw(HttpServletRequest request) throws IOException {
        return new Arriving(request.getInputStream(), request.getContentLengthLong());
    }

    private static final class Arriving extends FilterInputStream {
        private final long declared;
        private long read;

        Arriving(InputStream in, long declared) {
            super(in);
            this.declared = declared;
        }

        @Override
        public int read() throws IOException {
            try {
                int b = super.read();
                read += b < 0 ? 0 : 1;
                return b;
            } catch (IOException e) {
                throw stopped(e);
            }
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            try {
                int n = super.read(buffer, offset, length);
                read += Math.max(0, n);
                return n;
            } catch (IOException e) {
                throw stopped(e);
            }
        }

        private HttpError stopped(IOException e) {
            String got = declared > 0 ? read + " of the " + declared + " bytes its Content-Length declares"
                    : read + " bytes";
            if (Causes.has(e, TimeoutException.class)) {
                return new HttpError(408, "The request body stopped arriving after " + got + ".", true);
            }
            return new HttpError(400, "The request body ended after " + got + ".", true);
        }
    }

    private static HttpError damaged(IOException e, String coding) {
        String what = e instanceof EOFException ? "ends before its " + coding + " stream does (cut short)"
                : e instanceof TrailingBytes || e.getMessage() != null && e.getMessage().contains("after a valid")
                ? "has bytes after its " + coding + " stream ends" : "is not valid " + coding + " data";
        return new HttpError(400, "The request body " + what + "; nothing was done.", true);
    }

    /**
     * A decoded stream whose damage is the client's error: a 400 that names the coding. The raw
     * stream under it fails with an {@link HttpError} of its own ({@link Arriving}), which passes.
     */
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
            } catch (IOException e) {
                throw damaged(e, coding);
            }
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            try {
                return super.read(buffer, offset, length);
            } catch (IOException e) {
                throw damaged(e, coding);
            }
        }
    }

    /** Bytes after the end of a deflate stream. */
    private static final class TrailingBytes extends ZipException {
        private static final long serialVersionUID = 1L;

        TrailingBytes() {
            super("bytes after the end of the stream");
        }
    }

    /** A zlib stream that must be the whole body: bytes after its end are damage, not ignored. */
    private static final class WholeDeflate extends InflaterInputStream {
        WholeDeflate(InputStream in) {
            super(in);
        }

        @Override
        public int read(byte[] buffer, int offset, int length) throws IOException {
            int n = super.read(buffer, offset, length);
            if (n < 0 && (inf.getRemaining() > 0 || in.read() >= 0)) {
                throw new TrailingBytes();
            }
            return n;
        }
    }

    private static String abbreviate(String text) {
        return text.length() > 40 ? text.substring(0, 40) + "..." : text;
    }
}
