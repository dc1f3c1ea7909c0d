package dev.ldf.server.http;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

import dev.ldf.server.fragment.Catalog;
import dev.ldf.server.monitor.RequestLabels;
import dev.ldf.server.rdf.OutputFormat;
import dev.ldf.server.rdf.ResponseWriter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** {@code /}: the index of the datasets, each with its size and controls. */
final class CatalogEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;

    CatalogEndpoint(Site site) {
        super(site, null, RequestLabels.Api.INDEX, Errors.NEGOTIATED);
    }

    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        OutputFormat format = negotiate(request);
        allow(request, response, Headers.READ_METHODS);
        PublicUrls urls = site.urls(request);
        if (Representations.notModified(request, response, EntityTags.of(site.datasets().catalogFingerprint(),
                format.name()), site.config().cacheMaxAgeSeconds())) {
            return;
        }
        List<Catalog.Entry> entries = new ArrayList<>();
        for (HostedDataset hosted : site.datasets().all()) {
            entries.add(new Catalog.Entry(hosted.served().describe(urls), hosted.served().source().statistics()));
        }
        Catalog catalog = new Catalog(site.description(urls), entries);
        ResponseWriter writer = site.writers().get(format);
        Representations.send(response, format, out -> writer.writeCatalog(catalog, out));
    }
}
