package dev.ldf.server.rdf;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.server.fragment.Catalog;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.fragment.ServerDescription;

/**
 * HTML pages for people: a fragment as a table with its count, paging links and a search form;
 * the index; errors.
 *
 * <p>Everything that comes from the request or the data is escaped. Terms link to the fragments
 * that have them in the same position; an IRI also links to itself, but only when it is http(s),
 * so that data can never smuggle a {@code javascript:} link into the page.
 */
public final class HtmlWriter implements ResponseWriter {

    private static final String STYLE = """
            body{font-family:system-ui,sans-serif;margin:1.5rem auto;max-width:72rem;padding:0 1rem;color:#222}
            header{font-size:.9rem;margin-bottom:1rem}a{color:#0645ad;text-decoration:none}a:hover{text-decoration:underline}
            form{display:grid;grid-template-columns:auto 1fr;gap:.3rem .6rem;max-width:48rem;margin:1rem 0}
            input,textarea{font-family:ui-monospace,monospace;padding:.25rem}button{grid-column:2;justify-self:start;padding:.3rem 1rem}
            table{border-collapse:collapse;width:100%;font-family:ui-monospace,monospace;font-size:.85rem}
            th,td{text-align:left;border-bottom:1px solid #ddd;padding:.3rem;vertical-align:top;word-break:break-word}
            td.literal{white-space:pre-wrap}.meta{color:#666}.ext{font-size:.75rem;margin-left:.3rem}
            nav a{margin-right:1rem}dl{display:grid;grid-template-columns:auto 1fr;gap:.2rem 1rem}dt{color:#666}""";

    /**
     * The pages' Content-Security-Policy: nothing may load but the one inline style block, named by
     * its hash (CSP Level 2), so that no injected script or style could take effect; forms go
     * to this server only.
     */
    public static final String CONTENT_SECURITY_POLICY = "default-src 'none'; style-src '" + sha256(STYLE)
            + "'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'";

    HtmlWriter() {}

    private static String sha256(String text) {
        try {
            byte[] digest = java.security.MessageDigest.getInstance("SHA-256").digest(text.getBytes(StandardCharsets.UTF_8));
            return "sha256-" + java.util.Base64.getEncoder().encodeToString(digest);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public void writeFragment(Fragment fragment, OutputStream out) throws IOException {
        Writer w = writer(out);
        DatasetDescription d = fragment.dataset();
        FragmentRequest request = fragment.request();
        head(w, d.title() + ": " + RdfStatements.describe(request.pattern()));
        w.write("<header><a href=\"" + escape(fragment.server().indexUrl()) + "\">" + escape(fragment.server().title())
                + "</a> › <a href=\"" + escape(d.url()) + "\">" + escape(d.title()) + "</a></header>\n");
        w.write("<h1>" + escape(d.title()) + "</h1>\n");
        if (!d.description().isEmpty()) {
            w.write("<p>" + escape(d.description()) + "</p>\n");
        }
        w.write("<form action=\"" + escape(d.url()) + "\" method=\"get\">\n");
        String[][] inputs = {{"subject", request.input().subject()}, {"predicate", request.input().predicate()},
            {"object", request.input().object()}};
        for (String[] input : inputs) {
            String position = input[0];
            w.write("<label for=\"" + position + "\">" + position + "</label><input id=\"" + position + "\" name=\""
                    + position + "\" value=\"" + escape(input[1]) + "\" placeholder=\"?" + position.charAt(0) + "\">\n");
        }
        String values = request.input().values();
        w.write("<label for=\"values\">values</label><textarea id=\"values\" name=\"values\" rows=\"2\" placeholder=\""
                + "optional brTPF bindings, e.g. (?s) { (&lt;http://example.org/a&gt;) }\">"
                + escape(values == null ? "" : values) + "</textarea>\n");
        w.write("<button type=\"submit\">Find matching triples</button>\n</form>\n");
        sparqlEndpoint(w, d);

        FragmentPage page = fragment.page();
        Count count = page.count();
        long first = (request.page() - 1) * d.pageSize() + 1;
        long last = first + page.size() - 1;
        w.write("<p class=\"count\">" + (count.exact() ? "" : "About ") + String.format(Locale.ROOT, "%,d", count.value())
                + (count.value() == 1 ? " triple matches " : " triples match ") + escape(RdfStatements.describe(request.pattern()))
                + escape(RdfStatements.restriction(request.bindingCount())));
        if (page.size() > 0) {
            w.write(String.format(Locale.ROOT, "; this is page %,d with triples %,d to %,d.", request.page(), first, last));
        } else {
            w.write(request.page() > 1 ? String.format(Locale.ROOT, "; page %,d is past the last one.", request.page()) : ".");
        }
        w.write("</p>\n");

        if (page.size() > 0) {
            w.write("<table>\n<thead><tr><th>subject</th><th>predicate</th><th>object</th></tr></thead>\n<tbody>\n");
            for (Triple t : page.triples()) {
                Triple s = fragment.skolemizer().skolemize(t);
                w.write("<tr>");
                cell(w, d, "subject", s.getSubject());
                cell(w, d, "predicate", s.getPredicate());
                cell(w, d, "object", s.getObject());
                w.write("</tr>\n");
            }
            w.write("</tbody>\n</table>\n");
        }
        Fragment.PageLinks links = fragment.links();
        w.write("<nav>");
        if (request.page() > 1) {
            w.write("<a rel=\"first\" href=\"" + escape(links.first()) + "\">first</a>");
        }
        if (links.previous() != null) {
            w.write("<a rel=\"prev\" href=\"" + escape(links.previous()) + "\">previous</a>");
        }
        if (links.next() != null) {
            w.write("<a rel=\"next\" href=\"" + escape(links.next()) + "\">next</a>");
        }
        w.write("</nav>\n");
        foot(w);
    }

    @Override
    public void writeCatalog(Catalog catalog, OutputStream out) throws IOException {
        Writer w = writer(out);
        ServerDescription server = catalog.server();
        head(w, server.title());
        w.write("<h1>" + escape(server.title()) + "</h1>\n");
        if (!server.description().isEmpty()) {
            w.write("<p>" + escape(server.description()) + "</p>\n");
        }
        w.write("<p>Datasets served as Triple Pattern Fragments:</p>\n");
        for (Catalog.Entry entry : catalog.datasets()) {
            DatasetDescription d = entry.dataset();
            w.write("<h2><a href=\"" + escape(d.url()) + "\">" + escape(d.title()) + "</a></h2>\n");
            if (!d.description().isEmpty()) {
                w.write("<p>" + escape(d.description()) + "</p>\n");
            }
            w.write(String.format(Locale.ROOT, "<dl><dt>triples</dt><dd>%,d</dd><dt>properties</dt><dd>%,d</dd>"
                    + "<dt>distinct subjects</dt><dd>%,d</dd><dt>distinct objects</dt><dd>%,d</dd></dl>%n",
                    entry.statistics().triples(), entry.statistics().properties(),
                    entry.statistics().distinctSubjects(), entry.statistics().distinctObjects()));
            List<String> dumps = d.dumps();
            w.write("<p>Download: <a href=\"" + escape(dumps.get(0)) + "\">N-Triples, gzipped</a>, <a href=\""
                    + escape(dumps.get(1)) + "\">N-Triples</a></p>\n");
            sparqlEndpoint(w, d);
        }
        foot(w);
    }

    /** A line that points to the dataset's preemptive SPARQL endpoint, where it has one. */
    private static void sparqlEndpoint(Writer w, DatasetDescription d) throws IOException {
        if (d.sparqlEndpoint() != null) {
            w.write("<p>SPARQL queries (basic graph patterns with FILTER, UNION, VALUES) run at <a href=\""
                    + escape(d.sparqlEndpoint()) + "\">" + escape(d.sparqlEndpoint()) + "</a>, one quantum per "
                    + "request (Web preemption): follow each answer's <code>next</code> token.</p>\n");
        }
    }

    @Override
    public void writeError(ErrorView view, OutputStream out) throws IOException {
        Writer w = writer(out);
        head(w, view.status() + " " + view.reason());
        w.write("<h1>" + view.status() + " " + escape(view.reason()) + "</h1>\n<p>" + escape(view.message()) + "</p>\n");
        foot(w);
    }

    private static void cell(Writer w, DatasetDescription dataset, String position, Node node) throws IOException {
        String parameter = parameterSyntax(node);
        String search = dataset.url() + "?" + position + "=" + URLEncoder.encode(parameter, StandardCharsets.UTF_8)
                .replace("+", "%20");
        if (node.isLiteral()) {
            w.write("<td class=\"literal\"><a href=\"" + escape(search) + "\">\"" + escape(node.getLiteralLexicalForm())
                    + "\"</a>");
            String lang = node.getLiteralLanguage();
            if (lang != null && !lang.isEmpty()) {
                w.write("<span class=\"meta\">@" + escape(lang) + "</span>");
            } else if (!node.getLiteralDatatypeURI().equals(Vocabulary.XSD + "string")) {
                w.write("<span class=\"meta\">^^" + escape(shorten(node.getLiteralDatatypeURI(), dataset.prefixes()))
                        + "</span>");
            }
            w.write("</td>");
            return;
        }
        String iri = node.getURI();
        w.write("<td><a href=\"" + escape(search) + "\" title=\"" + escape(iri) + "\">"
                + escape(shorten(iri, dataset.prefixes())) + "</a>");
        String lower = iri.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            w.write("<a class=\"ext\" href=\"" + escape(iri) + "\" title=\"open the IRI itself\">↗</a>");
        }
        w.write("</td>");
    }

    /** A term as the subject/predicate/object parameters expect it. */
    private static String parameterSyntax(Node node) {
        if (node.isURI()) {
            return node.getURI();
        }
        String lex = '"' + node.getLiteralLexicalForm() + '"';
        String lang = node.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
            return lex + "@" + lang;
        }
        String datatype = node.getLiteralDatatypeURI();
        return datatype.equals(Vocabulary.XSD + "string") ? lex : lex + "^^" + datatype;
    }

    private static String shorten(String iri, Map<String, String> prefixes) {
        String best = null;
        String bestNs = "";
        for (Map.Entry<String, String> p : prefixes.entrySet()) {
            if (iri.startsWith(p.getValue()) && p.getValue().length() > bestNs.length()) {
                best = p.getKey();
                bestNs = p.getValue();
            }
        }
        return best == null ? iri : best + ":" + iri.substring(bestNs.length());
    }

    private static Writer writer(OutputStream out) {
        return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 8192);
    }

    private static void head(Writer w, String title) throws IOException {
        w.write("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
                + "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" + escape(title)
                + "</title>\n<style>" + STYLE + "</style>\n</head>\n<body>\n");
    }

    private static void foot(Writer w) throws IOException {
        w.write("</body>\n</html>\n");
        w.flush();
    }

    /**
     * Escapes text content and attribute values (always written in double quotes); control
     * characters that HTML forbids become U+FFFD.
     */
    static String escape(String s) {
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
}
