package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.OutputStream;
import java.io.Writer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.cli.page.QueryPage;
import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.Prefixes;

/**
 * The query page of a dataset's preemptive endpoint, for people: a form with the query, and under
 * it what one quantum found, as a table whose terms link to their fragments, with a link that
 * continues the query where the quantum stopped. It works without scripts: every step is a plain
 * GET, which also makes each step a link one can share. The shared script ({@link QueryPage}) makes
 * it an editor that follows the query to its end.
 */
public final class HtmlQueryPage {

    /** Where the page sits: the index and the dataset it belongs to. */
    public record Context(String indexUrl, String serverTitle, DatasetDescription dataset, String genidPrefix) {}

    /**
     * One quantum's outcome: the projection, the solutions it found, the token to go on (null:
     * complete), how long it ran; which request of the query this is (from 1) and how many
     * solutions the ones before found (the page's links carry both).
     */
    public record Quantum(List<Var> vars, List<Binding> solutions, String next, double millis, long part,
            long before) {}

    /** How many predicates of a dataset {@link #form} may be given to pick its example from. */
    public static final int EXAMPLE_PREDICATES = 2;

    /** A local name that a prefixed name can carry as it is (a conservative subset of SPARQL's PN_LOCAL). */
    private static final Pattern LOCAL_NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_-]*");

    private HtmlQueryPage() {}

    /**
     * The form alone, with an example query over the most used of {@code predicates} (the
     * dataset's, most used first) that is not {@code rdf:type}.
     */
    public static void form(Context context, List<Node> predicates, OutputStream out) throws IOException {
        write(context, example(context.dataset().prefixes(), predicates), null, null, out);
    }

    /** The form with {@code query}, and the quantum's solutions under it. */
    public static void results(Context context, String query, Quantum quantum, OutputStream out) throws IOException {
        write(context, query, quantum, null, out);
    }

    /** The form with {@code query} as sent, and why it was refused. */
    public static void error(Context context, String query, String message, OutputStream out) throws IOException {
        write(context, query == null ? "" : query, null, message, out);
    }

    private static void write(Context context, String query, Quantum quantum, String error, OutputStream out)
            throws IOException {
        Writer w = HtmlWriter.writer(out);
        DatasetDescription d = context.dataset();
        QueryPage.head(w, d.title() + ": SPARQL");
        HtmlWriter.breadcrumb(w, context.indexUrl(), context.serverTitle(), d.url(), d.title());
        w.write("<main>\n<h1>SPARQL over " + HtmlText.escape(d.title()) + "</h1>\n");
        w.write("<p>SELECT and ASK queries over basic graph patterns with FILTER, UNION, VALUES, LIMIT, OFFSET and "
                + "simple aggregates; the endpoint names anything else it refuses (<code>ldf-query --mode preemptive</code> "
                + "runs it over this endpoint). The server runs a query a moment at a time; the page shows the solutions "
                + "as they come (without scripts, one moment's, and <em>More results</em> goes on).</p>\n");
        QueryPage.form(w, new QueryPage.Form(d.sparqlEndpoint(), query, Prefixes.of(d.prefixes()).byName(), d.url(), false));
        w.write("<div id=\"results\">\n");
        if (error != null) {
            w.write("<p class=\"error\" role=\"alert\">" + HtmlText.escape(error) + "</p>\n");
        }
        if (quantum != null) {
            solutions(w, context, query, quantum);
        }
        w.write("</div>\n</main>\n");
        QueryPage.script(w);
        HtmlWriter.foot(w);
    }

    private static void solutions(Writer w, Context context, String query, Quantum quantum) throws IOException {
        DatasetDescription d = context.dataset();
        int n = quantum.solutions().size();
        String which = n == 0 ? "" : String.format(Locale.ROOT, " (%,d to %,d)", quantum.before() + 1,
                quantum.before() + n);
        w.write(String.format(Locale.ROOT, "<p class=\"count\">%,d %s%s in %.1f ms, request %,d of this query%s</p>%n", n,
                n == 1 ? "solution" : "solutions", quantum.part() > 1 ? which : "", quantum.millis(), quantum.part(),
                quantum.next() == null ? "; the query is complete." : "; there may be more."));
        if (n > 0) {
            HtmlTerms terms = new HtmlTerms(d.prefixes(), context.genidPrefix());
            w.write("<table>\n<thead><tr>");
            for (Var v : quantum.vars()) {
                w.write("<th scope=\"col\">?" + HtmlText.escape(v.getVarName()) + "</th>");
            }
            w.write("</tr></thead>\n<tbody>\n");
            for (Binding solution : quantum.solutions()) {
                w.write("<tr>");
                for (Var v : quantum.vars()) {
                    cell(w, d, terms, solution.get(v));
                }
                w.write("</tr>\n");
            }
            w.write("</tbody>\n</table>\n");
        }
        if (quantum.next() != null) {
            String more = d.sparqlEndpoint() + "?query=" + encode(query) + "&next=" + encode(quantum.next())
                    + "&part=" + (quantum.part() + 1) + "&before=" + (quantum.before() + n);
            w.write("<nav class=\"pages\" aria-label=\"More results\"><a rel=\"next\" href=\"" + HtmlText.escape(more)
                    + "\">More results</a></nav>\n");
        }
    }

    /** A value links to the fragment that has it as subject (IRIs) or object (literals); unbound is empty. */
    private static void cell(Writer w, DatasetDescription d, HtmlTerms terms, Node node) throws IOException {
        if (node == null) {
            w.write("<td></td>");
        } else if (node.isURI() || node.isLiteral()) {
            HtmlText.cell(w, d, terms, node.isURI() ? "subject" : "object", node);
        } else {
            w.write("<td>" + HtmlText.escape(node.toString()) + "</td>");
        }
    }

    private static String example(Map<String, String> own, List<Node> predicates) {
        Node predicate = predicates.stream().filter(p -> !p.equals(Vocabulary.TYPE)).findFirst()
                .orElse(predicates.isEmpty() ? null : predicates.get(0));
        if (predicate == null) {
            return "SELECT ?s ?p ?o WHERE {\n  ?s ?p ?o .\n}";
        }
        String iri = predicate.getURI();
        for (Map.Entry<String, String> prefix : Prefixes.of(own).byName().entrySet()) {
            String local = iri.substring(Math.min(iri.length(), prefix.getValue().length()));
            if (iri.startsWith(prefix.getValue()) && LOCAL_NAME.matcher(local).matches()) {
                return "PREFIX " + prefix.getKey() + ": <" + prefix.getValue() + ">\nSELECT ?s ?o WHERE {\n  ?s "
                        + prefix.getKey() + ":" + local + " ?o .\n}";
            }
        }
        return "SELECT ?s ?o WHERE {\n  ?s <" + iri + "> ?o .\n}";
    }

    private static String encode(String s) {
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
