package dev.ldf.endpoint;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

import dev.ldf.cli.AcceptHeader;
import dev.ldf.cli.page.PageShell;
import dev.ldf.cli.page.QueryPage;
import dev.ldf.client.source.TripleSource;

/**
 * The query page for people, the same as the server's SPARQL page but running full SPARQL over the
 * sources: what a browser gets at {@code /} and {@code /sparql}. A query in the URL (a link the page
 * itself puts in the address bar) is shown and run at once.
 */
final class EndpointPage {

    /** What a GET asks for: an answer in one of the endpoint's formats, or the page. */
    private enum Wanted {
        ANSWER(Arrays.stream(AnswerFormat.values()).flatMap(f -> f.mediaTypes().stream()).toList()),
        PAGE(List.of("text/html", "application/xhtml+xml"));

        private final List<String> mediaTypes;

        Wanted(List<String> mediaTypes) {
            this.mediaTypes = mediaTypes;
        }
    }

    /** Prefixes the editor declares as they are typed; the sources do not say theirs. */
    private static final Map<String, String> PREFIXES = prefixes("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#",
            "rdfs", "http://www.w3.org/2000/01/rdf-schema#", "xsd", "http://www.w3.org/2001/XMLSchema#",
            "owl", "http://www.w3.org/2002/07/owl#", "schema", "http://schema.org/", "foaf", "http://xmlns.com/foaf/0.1/",
            "dc", "http://purl.org/dc/elements/1.1/", "dcterms", "http://purl.org/dc/terms/",
            "skos", "http://www.w3.org/2004/02/skos/core#");

    private static final String EXAMPLE = "SELECT ?s ?p ?o WHERE {\n  ?s ?p ?o .\n}\nLIMIT 10";

    private EndpointPage() {}

    /**
     * Whether a request is a browser's that came for the page: a GET that prefers HTML to every
     * answer format (results formats come first, so that {@code *}{@code /*} gets an answer) and
     * names no format.
     */
    static boolean wanted(String method, String accept, boolean namesFormat) {
        return "GET".equals(method) && !namesFormat
                && AcceptHeader.choose(accept, List.of(Wanted.values()), w -> w.mediaTypes) == Wanted.PAGE;
    }

    static void write(Response response, Callback callback, List<TripleSource> sources, String query)
            throws IOException {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/html;charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().add(HttpHeader.VARY, "Accept");
        response.getHeaders().put("Content-Security-Policy", QueryPage.POLICY);
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.getHeaders().put("Referrer-Policy", "no-referrer");
        Writer w = new BufferedWriter(new OutputStreamWriter(Content.Sink.asOutputStream(response),
                StandardCharsets.UTF_8), 8192);
        QueryPage.head(w, "SPARQL over " + (sources.size() == 1 ? sources.get(0).url() : sources.size() + " sources"));
        w.write("<main>\n<h1>SPARQL</h1>\n<p>Full SPARQL 1.1 queries over " + (sources.size() == 1 ? "this source"
                : "these sources, federated") + ":</p>\n<ul>\n");
        for (TripleSource source : sources) {
            String url = PageShell.escape(source.url());
            w.write("<li><a href=\"" + url + "\">" + url + "</a></li>\n");
        }
        w.write("</ul>\n<p>Programs send queries to <code>" + SparqlService.PATH + "</code> by the SPARQL 1.1 Protocol.</p>\n");
        QueryPage.form(w, new QueryPage.Form(SparqlService.PATH, query == null ? EXAMPLE : query, PREFIXES,
                fragments(sources), query != null));
        w.write("</main>\n");
        QueryPage.script(w);
        PageShell.foot(w);
        w.close();
        callback.succeeded();
    }

    /** Terms link to the fragments of the one source where there is one fragment source; else IRIs to themselves. */
    private static String fragments(List<TripleSource> sources) {
        return sources.size() == 1 && sources.get(0).firstPageCounts() ? sources.get(0).url() : "";
    }

    private static Map<String, String> prefixes(String... namesAndIris) {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i < namesAndIris.length; i += 2) {
            map.put(namesAndIris[i], namesAndIris[i + 1]);
        }
        return Map.copyOf(map);
    }
}
