package dev.ldf.client.source;

import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.page.Page;

/** A fetched page with the request that brought it, to ask for the page after it. */
public record Fetched(FragmentRequest request, Page page) {

    /** The count of the page's fragment; a page that states none is taken as large (0 when plainly empty). */
    public long count() {
        if (page.count().isPresent()) {
            return page.count().getAsLong();
        }
        return page.data().isEmpty() && page.next().isEmpty() ? 0 : Long.MAX_VALUE / 2;
    }
}
