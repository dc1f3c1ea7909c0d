package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.Writer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.PredicateCount;

import static dev.ldf.server.rdf.HtmlText.escape;
import static dev.ldf.server.rdf.HtmlText.search;

/** A dataset's overview on its first page for people: its predicates, and what brTPF is, with an example. */
final class HtmlOverview {

    private HtmlOverview() {}

    /** The dataset's predicates with their counts, each linking to its fragment. */
    static void predicates(Writer w, DatasetDescription d, HtmlTerms terms, List<PredicateCount> predicates)
            throws IOException {
        if (predicates.isEmpty()) {
            return;
        }
        w.write("<h2 id=\"predicates\">Predicates</h2>\n<table class=\"predicates\">\n<thead><tr><th scope=\"col\">"
                + "predicate</th><th scope=\"col\" class=\"n\">triples</th></tr></thead>\n<tbody>\n");
        for (PredicateCount p : predicates) {
            String iri = p.predicate().getURI();
            w.write("<tr><td><a href=\"" + escape(search(d, "predicate", p.predicate())) + "\" title=\"" + escape(iri)
                    + "\">" + HtmlText.breakable(terms.label(iri)) + "</a></td><td class=\"n\">"
                    + String.format(Locale.ROOT, "%,d", p.triples()) + "</td></tr>\n");
        }
        w.write("</tbody>\n</table>\n");
    }

    /** What brTPF is, with an example built from the page's own data. */
    static void brtpf(Writer w, DatasetDescription d, Example example) throws IOException {
        if (d.maxBindingsPerRequest() == 0) {
            return;
        }
        w.write("<details id=\"brtpf\"><summary>Bindings-restricted TPF (brTPF)</summary>\n<p>Besides a triple "
                + "pattern, a request may carry up to " + String.format(Locale.ROOT, "%,d", d.maxBindingsPerRequest())
                + " solution mappings in <code>values</code>, written as a SPARQL <code>VALUES</code> block over "
                + "variables that the pattern names (write <code>?s</code> in a field, not leave it empty). The "
                + "answer holds only the matching triples that agree with one of the mappings: a client joins a "
                + "pattern with many solutions in one request instead of one request each.</p>\n");
        String url = example.url(d);
        if (url != null) {
            w.write("<p>Example: <a href=\"" + escape(url) + "\">the triples of " + escape(example.describe())
                    + "</a>.</p>\n");
        }
        w.write("</details>\n");
    }

    /** The first two subjects of a page, for a brTPF example that finds something. */
    static final class Example {
        private final List<Node> subjects = new ArrayList<>(2);

        void see(Triple t) {
            if (subjects.size() < 2 && t.getSubject().isURI() && !subjects.contains(t.getSubject())) {
                subjects.add(t.getSubject());
            }
        }

        String url(DatasetDescription d) {
            if (subjects.isEmpty()) {
                return null;
            }
            StringBuilder values = new StringBuilder("(?s) {");
            for (Node s : subjects) {
                values.append(" (<").append(s.getURI()).append(">)");
            }
            values.append(" }");
            return d.url() + "?subject=%3Fs&values="
                    + URLEncoder.encode(values.toString(), StandardCharsets.UTF_8).replace("+", "%20");
        }

        String describe() {
            return subjects.size() == 1 ? "one subject" : subjects.size() + " subjects at once";
        }
    }
}
