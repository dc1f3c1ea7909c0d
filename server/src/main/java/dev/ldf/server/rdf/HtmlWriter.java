package dev.ldf.server.rdf;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.jena.graph.Triple;

import dev.ldf.cli.page.PageShell;
import dev.ldf.server.fragment.Catalog;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.fragment.ServerDescription;

/**
 * HTML pages for people: a fragment as a table with its count, paging links above and below and
 * a search form; the dataset's overview (its predicates) on its first page; the index; errors in
 * the same layout, with the form as it was sent. No scripts and nothing loaded from elsewhere; a
 * fragment page carries its statements for programs as a JSON-LD data block, which browsers do not run.
 *
 * <p>Everything that comes from the request or the data is escaped. Terms link to the fragments
 * that have them in the same position; an IRI also links to itself, but only when it is http(s),
 * so that data can never smuggle a {@code javascript:} link into the page.
 */
public final class HtmlWriter implements ResponseWriter {

    /** The pages' Content-Security-Policy (the query page's adds its script: {@link dev.ldf.cli.page.QueryPage#POLICY}). */
    public static final String CONTENT_SECURITY_POLICY = PageShell.POLICY;

    /** Characters of a failed request's fields that an error page shows again at most. */
    private static final int ECHO_LIMIT = 2_000;

    HtmlWriter() {}

    @Override
    public void writeFragment(Fragment fragment, OutputStream out) throws IOException {
        Writer w = writer(out);
        DatasetDescription d = fragment.dataset();
        FragmentRequest request = fragment.request();
        HtmlTerms terms = new HtmlTerms(d.prefixes(), fragment.skolemizer().prefix());
        head(w, d.title() + ": " + PatternText.of(request.pattern()));
        breadcrumb(w, fragment.server().indexUrl(), fragment.server().title(), d.url(), d.title(),
                fragment.server().datasets());
        w.write("<main>\n<h1>" + HtmlText.escape(d.title()) + "</h1>\n");
        if (!d.description().isEmpty()) {
            w.write("<p>" + HtmlText.escape(d.description()) + "</p>\n");
        }
        form(w, d, request.input());
        sparqlEndpoint(w, d);

        if (isDatasetPage(request)) {
            // What the dataset is about comes before its first rows, which are whatever sorts first.
            HtmlOverview.predicates(w, d, terms, fragment.predicates().get());
            w.write("<h2 id=\"triples\">Triples</h2>\n");
        }
        FragmentPage page = fragment.page();
        Count count = page.count();
        long first = (request.page() - 1) * d.pageSize() + 1;
        long last = first + page.size() - 1;
        w.write("<p class=\"count\">" + (count.exact() ? "" : "About ") + String.format(Locale.ROOT, "%,d", count.value())
                + (count.value() == 1 ? " triple matches " : " triples match ") + HtmlText.escape(terms.pattern(request.pattern()))
                + HtmlText.escape(RdfStatements.restriction(request.bindingCount())));
        if (page.size() > 0) {
            w.write(String.format(Locale.ROOT, "; these are triples %,d to %,d.", first, last));
        } else {
            w.write(request.page() > 1 ? String.format(Locale.ROOT, "; page %,d is past the last one.", request.page()) : ".");
        }
        w.write("</p>\n");
        HtmlPageLinks.write(w, fragment, "Pages (top)");
        HtmlOverview.Example example = new HtmlOverview.Example();
        // The rows again for the JSON-LD block below: at most a page of them.
        List<Triple> shown = new ArrayList<>(page.size());
        if (page.size() > 0) {
            w.write("<table>\n<thead><tr><th scope=\"col\">subject</th><th scope=\"col\">predicate</th>"
                    + "<th scope=\"col\">object</th></tr></thead>\n<tbody>\n");
            for (Triple t : page.triples()) {
                Triple s = fragment.skolemizer().skolemize(t);
                example.see(s);
                shown.add(s);
                w.write("<tr>");
                HtmlText.cell(w, d, terms, "subject", s.getSubject());
                HtmlText.cell(w, d, terms, "predicate", s.getPredicate());
                HtmlText.cell(w, d, terms, "object", s.getObject());
                w.write("</tr>\n");
            }
            w.write("</tbody>\n</table>\n");
            HtmlPageLinks.write(w, fragment, "Pages (bottom)");
        }
        HtmlOverview.brtpf(w, d, example);
        w.write("</main>\n");
        HtmlJsonLd.write(w, fragment, shown);
        foot(w);
    }

    /** The page of the whole dataset, where its overview goes. */
    private static boolean isDatasetPage(FragmentRequest request) {
        return request.pattern().isAllVariables() && request.bindingCount() == 0 && request.page() == 1;
    }

    @Override
    public void writeCatalog(Catalog catalog, OutputStream out) throws IOException {
        Writer w = writer(out);
        ServerDescription server = catalog.server();
        head(w, server.title());
        w.write("<h1>" + HtmlText.escape(server.title()) + "</h1>\n");
        if (!server.description().isEmpty()) {
            w.write("<p>" + HtmlText.escape(server.description()) + "</p>\n");
        }
        w.write("<p>Datasets served as Triple Pattern Fragments:</p>\n");
        for (Catalog.Entry entry : catalog.datasets()) {
            DatasetDescription d = entry.dataset();
            w.write("<h2><a href=\"" + HtmlText.escape(d.url()) + "\">" + HtmlText.escape(d.title()) + "</a></h2>\n");
            if (!d.description().isEmpty()) {
                w.write("<p>" + HtmlText.escape(d.description()) + "</p>\n");
            }
            w.write(String.format(Locale.ROOT, "<dl><dt>triples</dt><dd>%,d</dd><dt>properties</dt><dd>%,d</dd>"
                    + "<dt>distinct subjects</dt><dd>%,d</dd><dt>distinct objects</dt><dd>%,d</dd></dl>%n",
                    entry.statistics().triples(), entry.statistics().properties(),
                    entry.statistics().distinctSubjects(), entry.statistics().distinctObjects()));
            List<String> dumps = d.dumps();
            w.write("<p>Download the data as N-Triples: <a href=\"" + HtmlText.escape(dumps.get(0)) + "\">gzipped</a> or "
                    + "<a href=\"" + HtmlText.escape(dumps.get(1)) + "\">plain</a></p>\n");
            sparqlEndpoint(w, d);
        }
        foot(w);
    }

    /** The search form, filled with {@code input}: the pattern's three positions and brTPF bindings. */
    private static void form(Writer w, DatasetDescription d, FragmentRequest.Input input) throws IOException {
        w.write("<form action=\"" + HtmlText.escape(d.url()) + "\" method=\"get\">\n");
        String[][] inputs = {{"subject", input.subject()}, {"predicate", input.predicate()}, {"object", input.object()}};
        for (String[] field : inputs) {
            String position = field[0];
            w.write("<label for=\"" + position + "\">" + position + "</label><input id=\"" + position + "\" name=\""
                    + position + "\" value=\"" + HtmlText.escape(field[1] == null ? "" : field[1]) + "\" placeholder=\"?"
                    + position.charAt(0) + "\">\n");
        }
        String values = input.values();
        w.write("<label for=\"values\">values</label><textarea id=\"values\" name=\"values\" rows=\"2\" placeholder=\""
                + "optional brTPF bindings, e.g. (?s) { (&lt;http://example.org/a&gt;) }\">"
                + HtmlText.escape(values == null ? "" : values) + "</textarea>\n");
        w.write("<button type=\"submit\">Find matching triples</button>\n</form>\n");
    }

    static void breadcrumb(Writer w, String indexUrl, String serverTitle, String datasetUrl, String datasetTitle)
            throws IOException {
        breadcrumb(w, indexUrl, serverTitle, datasetUrl, datasetTitle, List.of());
    }

    /** The breadcrumb, and where the server hosts several datasets, links to the others (as Server.js has). */
    private static void breadcrumb(Writer w, String indexUrl, String serverTitle, String datasetUrl, String datasetTitle,
            List<ServerDescription.DatasetLink> datasets) throws IOException {
        w.write("<header><nav aria-label=\"Breadcrumb\"><a href=\"" + HtmlText.escape(indexUrl) + "\">" + HtmlText.escape(serverTitle) + "</a>");
        if (datasetUrl != null) {
            w.write(" › <a href=\"" + HtmlText.escape(datasetUrl) + "\">" + HtmlText.escape(datasetTitle) + "</a>");
        }
        w.write("</nav>");
        if (datasets.size() > 1) {
            w.write("<nav class=\"datasets\" aria-label=\"Datasets\">Datasets:");
            for (ServerDescription.DatasetLink dataset : datasets) {
                String url = HtmlText.escape(dataset.url());
                w.write(dataset.url().equals(datasetUrl)
                        ? " <a href=\"" + url + "\" aria-current=\"page\">" + HtmlText.escape(dataset.title()) + "</a>"
                        : " <a href=\"" + url + "\">" + HtmlText.escape(dataset.title()) + "</a>");
            }
            w.write("</nav>");
        }
        w.write("</header>\n");
    }

    /** A line that points to the dataset's preemptive SPARQL endpoint, where it has one. */
    private static void sparqlEndpoint(Writer w, DatasetDescription d) throws IOException {
        if (d.sparqlEndpoint() != null) {
            w.write("<p>Ask SPARQL queries (basic graph patterns with FILTER, UNION, VALUES) on <a href=\""
                    + HtmlText.escape(d.sparqlEndpoint()) + "\">the query page</a>; programs send them to "
                    + "<code>" + HtmlText.escape(d.sparqlEndpoint()) + "</code>, one quantum per request (Web preemption), "
                    + "and follow each answer's <code>next</code> token.</p>\n");
        }
    }

    @Override
    public void writeError(ErrorView view, OutputStream out) throws IOException {
        Writer w = writer(out);
        head(w, view.status() + " " + view.reason());
        ErrorView.Context context = view.context();
        if (context != null) {
            DatasetDescription d = context.dataset();
            breadcrumb(w, context.indexUrl(), context.serverTitle(), d == null ? null : d.url(), d == null ? null : d.title());
        }
        w.write("<main>\n<h1>" + view.status() + " " + HtmlText.escape(view.reason()) + "</h1>\n<p class=\"error\" role=\"alert\">"
                + HtmlText.escape(view.message()) + "</p>\n");
        if (context != null) {
            DatasetDescription d = context.dataset();
            if (d != null) {
                w.write("<p>Change the request and try again, or go <a href=\"" + HtmlText.escape(d.url()) + "\">back to "
                        + HtmlText.escape(d.title()) + "</a>.</p>\n");
                FragmentRequest.Input input = context.input();
                int sent = length(input);
                if (sent > ECHO_LIMIT) {
                    // Bindings that long come from programs: an error page stays short.
                    w.write(String.format(Locale.ROOT, "<p>The bindings sent (%,d characters) are too long to show "
                            + "again.</p>%n", sent));
                    input = new FragmentRequest.Input(input.subject(), input.predicate(), input.object(), null);
                    if (length(input) > ECHO_LIMIT) {
                        input = new FragmentRequest.Input(null, null, null, null);
                    }
                }
                form(w, d, input);
            } else {
                w.write("<p>Go <a href=\"" + HtmlText.escape(context.indexUrl()) + "\">back to the list of datasets</a>.</p>\n");
            }
        }
        w.write("</main>\n");
        foot(w);
    }

    private static int length(FragmentRequest.Input input) {
        int n = 0;
        for (String field : new String[] {input.subject(), input.predicate(), input.object(), input.values()}) {
            n += field == null ? 0 : field.length();
        }
        return n;
    }

    static Writer writer(OutputStream out) {
        return new BufferedWriter(new OutputStreamWriter(out, StandardCharsets.UTF_8), 8192);
    }

    static void head(Writer w, String title) throws IOException {
        PageShell.head(w, title);
    }

    static void foot(Writer w) throws IOException {
        PageShell.foot(w);
    }
}
