package dev.ldf.client.source;

import java.util.HashSet;
import java.util.Set;

import dev.ldf.client.http.FragmentException;
import dev.ldf.client.http.FragmentRequest;

/**
 * The pages of one fragment read so far, by request. A source whose {@code hydra:next} leads
 * back to a page already read links its pages in a loop, which the client would follow for ever
 * (from its page cache, without even a request): a COUNT never ended, a SELECT filled the heap,
 * and a scan that stopped at the first repeat gave a silent partial answer. A loop is an error
 * that names the page.
 */
public final class VisitedPages {

    private final Set<FragmentRequest> seen = new HashSet<>();

    /** {@code fetched}, the next page of the fragment; a {@link FragmentException} when it was read before. */
    public Fetched visit(Fetched fetched) {
        if (!seen.add(fetched.request())) {
            throw new FragmentException("The pages of a fragment link in a loop: hydra:next leads back to "
                    + abbreviate(fetched.request().url()) + ", a page already read (" + seen.size()
                    + " pages before it)");
        }
        return fetched;
    }

    private static String abbreviate(String url) {
        return url.length() > 200 ? url.substring(0, 197) + "..." : url;
    }
}
