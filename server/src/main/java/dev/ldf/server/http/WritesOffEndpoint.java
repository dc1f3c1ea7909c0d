package dev.ldf.server.http;

import java.io.IOException;

import dev.ldf.server.monitor.RequestLabels;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code /{dataset}/changes}, {@code compaction} and {@code base} of a dataset that never took
 * changes: a write is refused as where writes are off (405, nothing allowed, plain text); reading
 * finds nothing there (404, as for any other path).
 */
final class WritesOffEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;

    WritesOffEndpoint(Site site, HostedDataset dataset) {
        super(site, dataset, RequestLabels.Api.CHANGES, Errors.NEGOTIATED);
    }

    @Override
    protected Errors errors(HttpServletRequest request) {
        return reads(request) ? Errors.NEGOTIATED : Errors.PLAIN;
    }

    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (reads(request)) {
            negotiate(request);
            String path = pathOf(request);
            throw NotFoundEndpoint.noDataset(path, site.urls(request));
        }
        response.setHeader("Allow", "");
        throw new HttpError(405, "Dataset " + dataset.name() + " takes no changes: writes are off.", true);
    }

    private static boolean reads(HttpServletRequest request) {
        return request.getMethod().equals("GET") || request.getMethod().equals("HEAD");
    }
}
