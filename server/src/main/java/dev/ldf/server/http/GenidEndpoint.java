package dev.ldf.server.http;

import java.io.IOException;

import dev.ldf.server.monitor.RequestLabels;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code /.well-known/genid/{dataset}/{label}}: a Skolem IRI dereferenced, answered with a 303 to
 * the fragment of the triples about it.
 */
final class GenidEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;
    static final String PATH = "/.well-known/genid/";

    GenidEndpoint(Site site) {
        super(site, null, RequestLabels.Api.GENID, Errors.NEGOTIATED);
    }

    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        negotiate(request);
        String path = pathOf(request);
        if (!path.startsWith(PATH)) {
            throw NotFoundEndpoint.noDataset(path, site.urls(request));
        }
        allow(request, response, Headers.READ_METHODS);
        String rest = path.substring(PATH.length());
        int slash = rest.indexOf('/');
        HostedDataset hosted = slash > 0 ? site.datasets().get(rest.substring(0, slash)) : null;
        if (hosted == null || slash == rest.length() - 1) {
            throw HttpError.notFound("There is no blank node at " + path + ".");
        }
        PublicUrls urls = site.urls(request);
        String iri = urls.base() + urls.rawPath();
        response.setStatus(303);
        response.setHeader("Location", urls.dataset(hosted.name()) + "?subject=" + PublicUrls.encode(iri));
        response.setHeader("Cache-Control", "public, max-age=" + site.config().cacheMaxAgeSeconds());
    }
}
