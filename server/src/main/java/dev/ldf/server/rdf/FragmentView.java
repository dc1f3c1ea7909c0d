package dev.ldf.server.rdf;

import java.util.Map;

import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.fragment.TriplePattern;

/**
 * Everything a writer needs to send one fragment page.
 *
 * @param serverTitle  the server's title, for HTML navigation
 * @param serverUrl    the index URL, for HTML navigation
 * @param pageUrl      the URL exactly as the client requested it: clients match the paging
 *                     controls' subject against it byte for byte
 * @param pattern      the pattern as the client sent it (Skolem IRIs, not blank nodes), for descriptions
 * @param parameters   the pattern parameters as sent (subject, predicate, object), for the HTML form
 * @param values       the brTPF bindings as sent, or null
 * @param bindings     the number of distinct solution mappings (0 for a TPF request)
 * @param previousUrl  null on the first page
 * @param nextUrl      null on the last page
 */
public record FragmentView(
        String serverTitle,
        String serverUrl,
        DatasetDescription dataset,
        String pageUrl,
        TriplePattern pattern,
        Map<String, String> parameters,
        String values,
        int bindings,
        long pageNumber,
        int pageSize,
        FragmentPage page,
        String firstUrl,
        String previousUrl,
        String nextUrl,
        Skolemizer skolemizer) {
}
