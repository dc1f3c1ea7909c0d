package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.Writer;
import java.util.Locale;

import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.FragmentRequest;

import static dev.ldf.server.rdf.HtmlText.escape;

/** The paging links of a page for people, above and below its rows. */
final class HtmlPageLinks {

    private HtmlPageLinks() {}

    /** First, previous, where this page stands, next, last: above and below the rows. */
    static void write(Writer w, Fragment fragment, String label) throws IOException {
        Fragment.PageLinks links = fragment.links();
        FragmentRequest request = fragment.request();
        Count count = fragment.page().count();
        long pages = count.pages(fragment.dataset().pageSize());
        w.write("<nav class=\"pages\" aria-label=\"" + label + "\">");
        link(w, request.page() > 1 ? links.first() : null, "first", "« first");
        link(w, links.previous(), "prev", "‹ previous");
        w.write(String.format(Locale.ROOT, "<span>page %,d of %s%,d (%s%,d triples)</span>", request.page(),
                count.exact() ? "" : "about ", pages, count.exact() ? "" : "about ", count.value()));
        link(w, links.next(), "next", "next ›");
        link(w, links.last() != null && links.next() != null ? links.last() : null, "last", "last »");
        w.write("</nav>\n");
    }

    /** A link, or its text greyed out where there is nowhere to go. */
    private static void link(Writer w, String href, String rel, String text) throws IOException {
        if (href == null) {
            w.write("<span class=\"off\" aria-disabled=\"true\">" + escape(text) + "</span>");
        } else {
            w.write("<a rel=\"" + rel + "\" href=\"" + escape(href) + "\">" + escape(text) + "</a>");
        }
    }
}
