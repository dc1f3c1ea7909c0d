package dev.ldf.server.http;

import java.io.IOException;

import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.monitor.RequestLabels;
import dev.ldf.server.rdf.OutputFormat;
import dev.ldf.server.rdf.ResponseWriter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code /{dataset}}: a dataset's Triple Pattern Fragments, with the parameters {@code subject},
 * {@code predicate}, {@code object}, {@code values} (brTPF bindings, also POSTed) and {@code page}.
 * A request is parsed and checked completely ({@link FragmentRequests}) before the first byte is
 * written; the dataset answers it as one {@link Fragment}, which the format's writer streams
 * triple by triple.
 */
final class FragmentEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;

    FragmentEndpoint(Site site, HostedDataset dataset) {
        super(site, dataset, RequestLabels.Api.TPF, Errors.NEGOTIATED);
    }

    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        OutputFormat format = negotiate(request);
        allow(request, response, Headers.DATASET_METHODS);
        PublicUrls urls = site.urls(request);
        FragmentRequests.Read read = FragmentRequests.read(request, dataset.served(), urls,
                site.config().maxRequestBodyBytes());
        if (read.request().bindings() != null) {
            request.setAttribute(RequestLabels.API, RequestLabels.Api.BRTPF);
        }
        if (Representations.notModified(request, response, EntityTags.of(dataset.fingerprint(),
                site.datasets().pagesFingerprint(), format.name(), read.bodyDigest()), site.config().cacheMaxAgeSeconds())) {
            return;
        }
        if (dataset.live() != null) {
            // A client paging across a change sees the version change between its pages.
            response.setHeader(ChangesEndpoint.VERSION_HEADER, Long.toString(dataset.live().version()));
        }
        Fragment fragment = dataset.served().answer(read.request(), site.description(urls), urls);
        ResponseWriter writer = site.writers().get(format);
        Representations.send(response, format, out -> writer.writeFragment(fragment, out));
    }
}
