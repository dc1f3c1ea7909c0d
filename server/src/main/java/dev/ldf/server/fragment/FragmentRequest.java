package dev.ldf.server.fragment;

/**
 * A request for one page of a fragment, parsed and checked: a triple pattern fragment, or a
 * bindings-restricted one.
 *
 * @param pattern  the pattern as the client sent it (blank nodes as Skolem IRIs)
 * @param bindings the brTPF solution mappings, or null for a TPF request
 * @param page     1-based page number
 * @param input    the parameters as sent, to show them back (the HTML form)
 */
public record FragmentRequest(TriplePattern pattern, Bindings bindings, long page, Input input) {

    /** The parameters as the client wrote them; "" where absent, {@code values} null without bindings. */
    public record Input(String subject, String predicate, String object, String values) {}

    public FragmentRequest {
        if (page < 1) {
            throw new IllegalArgumentException("page " + page);
        }
    }

    /** The position of the page's first triple for pages of {@code pageSize}. */
    public long offset(int pageSize) {
        return (page - 1) * pageSize;
    }

    /** The number of distinct solution mappings; 0 for a TPF request. */
    public int bindingCount() {
        return bindings == null ? 0 : bindings.size();
    }
}
