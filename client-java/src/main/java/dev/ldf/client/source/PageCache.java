package dev.ldf.client.source;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import dev.ldf.client.http.FragmentRequest;

/**
 * The pages a client has asked for, by request, so that a request repeated within a query is not
 * sent again (the original TPF client kept its last 100 fragments the same way). Least recently
 * used entries go first; a request that failed is forgotten, so that asking again sends it again.
 * Holds futures, so that two asks for a page still on its way share one request. Thread-safe.
 */
final class PageCache {

    private final Map<FragmentRequest, CompletableFuture<Fetched>> pages;

    PageCache(int entries) {
        this.pages = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<FragmentRequest, CompletableFuture<Fetched>> eldest) {
                return size() > entries;
            }
        };
    }

    /** The remembered page of {@code request}, or the page {@code fetch} gets for it (then remembered). */
    CompletableFuture<Fetched> get(FragmentRequest request,
            Function<FragmentRequest, CompletableFuture<Fetched>> fetch) {
        CompletableFuture<Fetched> fetched;
        synchronized (pages) {
            fetched = pages.get(request);
            if (fetched != null) {
                return fetched;
            }
            fetched = fetch.apply(request);
            pages.put(request, fetched);
        }
        fetched.whenComplete((page, error) -> {
            if (error != null) {
                synchronized (pages) {
                    pages.remove(request);
                }
            }
        });
        return fetched;
    }

    void clear() {
        synchronized (pages) {
            pages.clear();
        }
    }
}
