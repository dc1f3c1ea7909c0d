package dev.ldf.server.fragment;

/**
 * A request for one page of a triple pattern fragment.
 *
 * @param page 1-based page number
 */
public record FragmentRequest(TriplePattern pattern, long page) {

    public FragmentRequest {
        if (page < 1) {
            throw new IllegalArgumentException("page " + page);
        }
    }

    /** The position of the page's first triple for pages of {@code pageSize}. */
    public long offset(int pageSize) {
        return (page - 1) * pageSize;
    }
}
