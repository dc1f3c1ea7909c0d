package dev.ldf.cli.page;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/**
 * The SPARQL query page's form and script, one for the server's preemptive endpoints and for
 * {@code ldf-endpoint}. The form works alone (a plain GET); the script ({@code query.js}, our own,
 * inline and named by its hash in {@link #POLICY}) adds highlighting, Ctrl-Enter, prefixes declared
 * as they are typed, answers appended as they stream in, downloads and links to fragments.
 */
public final class QueryPage {

    private static final String SCRIPT = resource("query.js");

    /** The editor's style, a second block in the query page's head. */
    public static final String STYLE = """
            form.query{max-width:none}.editor{position:relative;font:.9rem/1.45 ui-monospace,monospace}
            .editor textarea,.editor pre{display:block;box-sizing:border-box;width:100%;margin:0;padding:.4rem;border:1px solid #888;font:inherit;
            white-space:pre-wrap;overflow-wrap:break-word;tab-size:4}.editor pre{display:none}
            .enhanced .editor pre{display:block;position:absolute;inset:0;overflow:hidden;pointer-events:none;background:#fff}
            .enhanced .editor textarea{position:relative;color:transparent;background:transparent;caret-color:#222;resize:vertical}
            .editor .k{color:#7a1fa2;font-weight:600}.editor .v{color:#0b6e4f}.editor .i{color:#0645ad}.editor .p{color:#8a4b00}
            .editor .s{color:#a31515}.editor .n{color:#1c4fa0}.editor .c{color:#6a737d;font-style:italic}
            .hint{grid-column:2;font-size:.85rem;color:#666;margin:0}button.stop{margin-left:1rem}p.downloads{margin:.4rem 0}""";

    /**
     * A query page's Content-Security-Policy: the shell's, with the editor's style block and the one
     * inline script by their hashes; the script may ask this origin only.
     */
    public static final String POLICY = PageShell.policy("'" + PageShell.sha256(PageShell.STYLE) + "' '"
            + PageShell.sha256(STYLE) + "'", "; script-src '" + PageShell.sha256(SCRIPT) + "'; connect-src 'self'");

    /**
     * What a page's form holds.
     *
     * @param endpoint where the query goes
     * @param query the query the form shows
     * @param prefixes the prefixes the editor declares as they are typed, by name; the page lists them
     * @param fragments the fragments a term in an answer links to (its {@code subject} or
     *     {@code object}); empty where there are none, and IRIs link to themselves
     * @param runAtOnce whether the script runs the query as the page opens
     */
    public record Form(String endpoint, String query, Map<String, String> prefixes, String fragments,
            boolean runAtOnce) {}

    private QueryPage() {}

    /** The document up to the opening of its body, with the editor's style. */
    public static void head(Writer w, String title) throws IOException {
        PageShell.head(w, title, STYLE);
    }

    /** The form with the prefixes it knows, and a place for the script's answers. */
    public static void form(Writer w, Form form) throws IOException {
        String query = form.query();
        w.write("<form id=\"sparql\" class=\"query\" action=\"" + PageShell.escape(form.endpoint())
                + "\" method=\"get\" data-fragments=\""
                + PageShell.escape(form.fragments()) + "\" data-run=\"" + form.runAtOnce() + "\">\n"
                + "<label for=\"query\">query</label><div class=\"editor\"><pre class=\"highlight\" aria-hidden=\"true\">"
                + "</pre><textarea id=\"query\" name=\"query\" rows=\"" + rows(query)
                + "\" spellcheck=\"false\" autocapitalize=\"off\" autocomplete=\"off\">" + PageShell.escape(query)
                + "</textarea></div>\n<button type=\"submit\">Run query</button>\n"
                + "<p class=\"hint\">Ctrl-Enter runs the query. Typing a known prefix and its colon declares it; Tab "
                + "completes its name. Known:");
        // The known prefixes, for people to read and for the script to take (data-iri).
        for (Map.Entry<String, String> prefix : new TreeMap<>(form.prefixes()).entrySet()) {
            String iri = PageShell.escape(prefix.getValue());
            w.write(" <abbr title=\"" + iri + "\" data-prefix=\"" + PageShell.escape(prefix.getKey()) + "\" data-iri=\""
                    + iri + "\">" + PageShell.escape(prefix.getKey()) + ":</abbr>");
        }
        w.write("</p>\n</form>\n<section id=\"answer\" aria-live=\"polite\"></section>\n");
    }

    /** The script, last in the body. */
    public static void script(Writer w) throws IOException {
        w.write("<script>" + SCRIPT + "</script>\n");
    }

    private static int rows(String query) {
        return (int) Math.max(6, Math.min(24, query.lines().count() + 1));
    }

    private static String resource(String name) {
        try (InputStream in = QueryPage.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the class path");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
