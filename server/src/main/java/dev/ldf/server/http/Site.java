package dev.ldf.server.http;

import java.util.concurrent.atomic.AtomicLong;

import jakarta.servlet.http.HttpServletRequest;

import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.ServerDescription;
import dev.ldf.server.rdf.Writers;

/** What every endpoint shares: the configuration, the datasets, the writers of formats, the error responses. */
record Site(ServerConfig config, Datasets datasets, Writers writers, ErrorResponder errors, AtomicLong failures) {

    Site(ServerConfig config, Datasets datasets, Writers writers) {
        this(config, datasets, writers, new ErrorResponder(writers), new AtomicLong());
    }

    /** The public addresses of the request's server. */
    PublicUrls urls(HttpServletRequest request) {
        return PublicUrls.of(request, config.baseUrl());
    }

    ServerDescription description(PublicUrls urls) {
        return new ServerDescription(config.title(), config.description(), urls.index(), datasets.all().stream()
                .map(d -> new ServerDescription.DatasetLink(d.config().title(), urls.dataset(d.config().name()))).toList());
    }
}
