package dev.ldf.client.http;

/**
 * One request for a fragment page: a GET of {@code url}, or, with a {@code form} body, a POST of
 * that form to {@code url}. Following {@code hydra:next} keeps the body: the next page of a
 * POSTed brTPF request is the same body POSTed to the next URL.
 */
public record FragmentRequest(String url, String form) {

    public static FragmentRequest get(String url) {
        return new FragmentRequest(url, null);
    }

    public boolean isPost() {
        return form != null;
    }

    /** The request for the page at {@code nextUrl}. */
    public FragmentRequest next(String nextUrl) {
        return new FragmentRequest(nextUrl, form);
    }
}
