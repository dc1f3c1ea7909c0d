package dev.ldf.cli.page;

import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;

/**
 * What every page for people shares, the server's and {@code ldf-endpoint}'s: the head with the one
 * inline style block, escaping, and the Content-Security-Policy that names that block by its hash
 * (CSP Level 2), so that no injected script or style could take effect.
 */
public final class PageShell {

    /** The pages' style block (the query page adds its editor's: {@link QueryPage#STYLE}). */
    public static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:1.5rem auto;max-width:72rem;padding:0 1rem;color:#222}
            header{font-size:.9rem;margin-bottom:1rem}a{color:#0645ad;text-decoration:none}a:hover{text-decoration:underline}
            form{display:grid;grid-template-columns:auto 1fr;gap:.3rem .6rem;max-width:48rem;margin:1rem 0}
            input,textarea{font-family:ui-monospace,monospace;padding:.25rem}button{grid-column:2;justify-self:start;padding:.3rem 1rem}
            table{border-collapse:collapse;width:100%;font-family:ui-monospace,monospace;font-size:.85rem}
            th,td{text-align:left;border-bottom:1px solid #ddd;padding:.3rem;vertical-align:top;overflow-wrap:break-word}
            td.literal{white-space:pre-wrap;overflow-wrap:anywhere}.meta{color:#666}.ext{font-size:.75rem;margin-left:.3rem}
            nav.pages{display:flex;flex-wrap:wrap;gap:.4rem 1rem;align-items:baseline;margin:.8rem 0}nav.pages span.off{color:#767676}
            dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem}dt{color:#666}td.n{text-align:right}
            a:focus,input:focus,textarea:focus,button:focus,summary:focus{outline:2px solid #0645ad;outline-offset:1px}
            details{margin:.5rem 0 1rem}summary{cursor:pointer}.error{border-left:4px solid #b00020;padding:.2rem .8rem}""";

    /** The pages' Content-Security-Policy: nothing loads but the style block; forms go to this origin only. */
    public static final String POLICY = policy("'" + sha256(STYLE) + "'", "");

    /** A policy whose styles are {@code styles} (hash sources) and that ends with {@code more} directives. */
    static String policy(String styles, String more) {
        return "default-src 'none'; style-src " + styles + "; form-action 'self'; base-uri 'none'; frame-ancestors 'none'"
                + more;
    }

    private PageShell() {}

    /** The CSP source expression of {@code text}'s SHA-256, as a hash source names an inline block. */
    static String sha256(String text) {
        try {
            return "sha256-" + Base64.getEncoder().encodeToString(
                    MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8)));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("Every Java platform has SHA-256", e);
        }
    }

    /**
     * Escapes text content and attribute values (always written in double quotes); control
     * characters that HTML forbids become U+FFFD.
     */
    public static String escape(String s) {
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '&' -> b.append("&amp;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> {
                    if ((c < 0x20 && c != '\t' && c != '\n' && c != '\r') || (c >= 0x7F && c <= 0x9F)) {
                        b.append('\uFFFD');
                    } else {
                        b.append(c);
                    }
                }
            }
        }
        return b.toString();
    }

    /** The document up to the opening of its body. */
    public static void head(Writer w, String title) throws IOException {
        head(w, title, null);
    }

    /** The document up to the opening of its body, with a second style block where {@code more} is not null. */
    static void head(Writer w, String title, String more) throws IOException {
        w.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + escape(title)
                + "</title>\n<style>" + STYLE + "</style>\n" + (more == null ? "" : "<style>" + more + "</style>\n")
                + "</head>\n<body>\n");
    }

    /** The end of the document; flushes {@code w}. */
    public static void foot(Writer w) throws IOException {
        w.write("</body>\n</html>\n");
        w.flush();
    }
}
