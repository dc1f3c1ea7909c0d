package dev.ldf.server.http;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class PublicUrlsTest {

    private static PublicUrls urls(String query) {
        return new PublicUrls("http://h:8080", "/data", query);
    }

    @Test
    void requestUrlIsKeptByteForByte() {
        String query = "subject=http%3a%2F%2Fex.org%2Fa&object=%22x%22%40en&%61=1";
        assertEquals("http://h:8080/data?" + query, urls(query).requestUrl());
        assertEquals("http://h:8080/data", urls(null).requestUrl());
    }

    @Test
    void pageParameterIsReplacedAndOtherParametersKeptInOrder() {
        PublicUrls u = urls("subject=s%3A1&page=3&object=o");
        assertEquals("http://h:8080/data?subject=s%3A1&object=o&page=4", u.onPage(4));
        assertEquals("http://h:8080/data?subject=s%3A1&object=o&page=2", u.onPage(2));
        assertEquals("http://h:8080/data?subject=s%3A1&object=o", u.onPage(1));
    }

    @Test
    void firstPageOfTheWholeDatasetHasNoQuery() {
        assertEquals("http://h:8080/data", urls("page=5").onPage(1));
        assertEquals("http://h:8080/data?page=2", urls(null).onPage(2));
    }

    @Test
    void encodedPageNameIsStillThePageParameter() {
        assertEquals("http://h:8080/data?x=1&page=2", urls("x=1&p%61ge=7").onPage(2));
    }
}
