package dev.ldf.server.http;

import java.io.IOException;

import dev.ldf.server.monitor.RequestLabels;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Every path no other endpoint is mounted at: 404, pointing to the index. */
final class NotFoundEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;

    NotFoundEndpoint(Site site) {
        super(site, null, RequestLabels.Api.NONE, Errors.NEGOTIATED);
    }

    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        negotiate(request);
        String path = pathOf(request);
        throw noDataset(path, site.urls(request));
    }

    static HttpError noDataset(String path, PublicUrls urls) {
        return HttpError.notFound("There is no dataset at " + path + "; the index at " + urls.index()
                + " lists the datasets.");
    }
}
