package dev.ldf.server.fragment;

/**
 * A request for one page of a fragment: a triple pattern fragment, or a bindings-restricted one.
 *
 * @param page 1-based page number
 */
public record FragmentRequest(Selector selector, long page) {

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
