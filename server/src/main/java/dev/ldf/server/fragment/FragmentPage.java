package dev.ldf.server.fragment;

import java.util.List;

/**
 * One page of a fragment: at most a page size of triples, the fragment's count, and whether a
 * next page has triples.
 *
 * <p>{@code triples} may be read once; it turns dataset identifiers into terms as it goes so
 * that a writer can stream them. It holds no resources that need closing.
 *
 * @param count       the whole fragment's count, not the page's
 * @param size        the number of triples on this page
 * @param hasNextPage true when the next page holds at least one triple; decided by looking
 *                    ahead in the data, never from the count
 */
public record FragmentPage(Count count, int size, boolean hasNextPage, PageTriples triples) {

    public static FragmentPage empty(Count count) {
        return new FragmentPage(count, 0, false, PageTriples.of(List.of()));
    }
}
