package dev.ldf.server.http;

import java.io.IOException;
import java.util.regex.Pattern;

import org.apache.jena.graph.Node;

import dev.ldf.server.fragment.Bindings;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.fragment.Prefixes;
import dev.ldf.server.fragment.ServedDataset;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.syntax.TermSyntax;
import dev.ldf.server.syntax.ValuesBlockParser;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Turns an HTTP request for a dataset into a checked {@link FragmentRequest}: the pattern's terms,
 * the brTPF bindings within the dataset's limit, the page number. Every mistake is a 400 (or 413,
 * 415 from reading the body) before any byte of the answer is written.
 */
final class FragmentRequests {

    private static final Pattern PAGE = Pattern.compile("[1-9][0-9]{0,18}");

    /** A checked request, and the digest of a POST body (part of the entity tag; "" for GET). */
    record Read(FragmentRequest request, String bodyDigest) {}

    private FragmentRequests() {}

    static Read read(HttpServletRequest http, ServedDataset dataset, PublicUrls urls, int maxBodyBytes)
            throws IOException {
        FragmentParameters parameters = FragmentParameters.read(http, maxBodyBytes);
        FragmentRequest.Input sent = parameters.input();
        TriplePattern pattern = pattern(sent.subject(), sent.predicate(), sent.object(), dataset.prefixNames());
        // A prefixed name comes back to the form as the full IRI it stands for.
        FragmentRequest.Input input = new FragmentRequest.Input(shown(sent.subject(), pattern.subject()),
                shown(sent.predicate(), pattern.predicate()), shown(sent.object(), pattern.object()), sent.values());
        Bindings bindings = input.values() == null ? null : ValuesBlockParser.parse(input.values(), urls.dataset(dataset.name()));
        if (bindings != null && dataset.maxBindingsPerRequest() == 0) {
            throw HttpError.badRequest("This dataset serves plain Triple Pattern Fragments; it does not accept bindings.");
        }
        if (bindings != null && bindings.size() > dataset.maxBindingsPerRequest()) {
            throw HttpError.badRequest("Too many bindings: " + bindings.size() + " distinct solution mappings, but this "
                    + "dataset accepts at most " + dataset.maxBindingsPerRequest() + " per request (maxMpR).");
        }
        return new Read(new FragmentRequest(pattern, bindings, page(parameters.page(), dataset.pageSize()), input),
                parameters.bodyDigest());
    }

    /**
     * The pattern the three parameters name, prefixed names of {@code prefixes} expanded; an absent
     * or empty one is a variable. Malformed terms are a 400.
     */
    static TriplePattern pattern(String subject, String predicate, String object, Prefixes prefixes) {
        return new TriplePattern(term("subject", subject, prefixes), term("predicate", predicate, prefixes),
                term("object", object, prefixes));
    }

    private static Node term(String position, String value, Prefixes prefixes) {
        return TermSyntax.parse(position, value == null ? "" : value, prefixes);
    }

    /** What the form shows of a term: as sent, or the IRI that a prefixed name stood for. */
    private static String shown(String sent, Node parsed) {
        boolean expanded = parsed.isURI() && sent != null && !sent.startsWith("<") && !sent.equals(parsed.getURI());
        return expanded ? parsed.getURI() : sent;
    }

    private static long page(String value, int pageSize) {
        if (value == null) {
            return 1;
        }
        // The offset of the page's first triple must fit in a long.
        long max = Long.MAX_VALUE / pageSize;
        long page = -1;
        if (PAGE.matcher(value).matches()) {
            try {
                page = Long.parseLong(value);
            } catch (NumberFormatException e) {
                page = -1;
            }
        }
        String shown = value.length() > 40 ? value.substring(0, 40) + "..." : value;
        if (page >= 1 && page <= max) {
            return page;
        }
        // Too large takes a number of some twenty digits: no bound worth naming to anyone else.
        boolean tooLarge = value.length() <= 1_000 && value.matches("[1-9][0-9]*");
        throw HttpError.badRequest(tooLarge ? "The page '" + shown + "' is past the last page any pattern can have."
                : "The page must be a whole number, 1 or more, not '" + shown + "'.");
    }
}
