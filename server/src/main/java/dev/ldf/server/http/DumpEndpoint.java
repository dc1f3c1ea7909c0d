package dev.ldf.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

import dev.ldf.server.fragment.Dump;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.monitor.RequestLabels;
import dev.ldf.server.rdf.DumpWriter;
import dev.ldf.server.rdf.OutputFormat;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A dataset's dumps: {@code /{dataset}/dump.nt}, {@code dump.nq} and their gzipped {@code .gz}
 * files, the whole dataset or, with {@code subject}, {@code predicate} and {@code object} as for a
 * fragment, one pattern's whole fragment, unpaged. They are streamed as they are read and can be
 * cached like any other response; the dataset's VoID description names two of them as
 * {@code void:dataDump} ({@link dev.ldf.server.fragment.DatasetDescription#dumps()}).
 *
 * <p>A dump holds a request's place for as long as it streams (seconds to minutes): it takes one
 * of the {@link DumpPlaces}, and a client that reads it too slowly is cut off ({@link SlowReaders}).
 */
final class DumpEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;

    /** The file names under a dataset. */
    enum File {
        NT("dump.nt", OutputFormat.NTRIPLES, false),
        NQ("dump.nq", OutputFormat.NQUADS, false),
        NT_GZ("dump.nt.gz", OutputFormat.NTRIPLES, true),
        NQ_GZ("dump.nq.gz", OutputFormat.NQUADS, true);

        private final String name;
        private final OutputFormat format;
        private final boolean gzip;

        File(String name, OutputFormat format, boolean gzip) {
            this.name = name;
            this.format = format;
            this.gzip = gzip;
        }

        /** The file of this name, or null. */
        static File named(String name) {
            for (File file : values()) {
                if (file.name.equals(name)) {
                    return file;
                }
            }
            return null;
        }

        String fileName() {
            return name;
        }
    }

    /** Fast compression: a dump is large, and a cache in front keeps the compressed bytes anyway. */
    private static final int GZIP_LEVEL = Deflater.BEST_SPEED;
    private static final int GZIP_BUFFER = 64 * 1024;

    private final transient DumpPlaces places;
    private final transient SlowReaders slowReaders;
    private final File file;

    DumpEndpoint(Site site, HostedDataset dataset, File file, DumpPlaces places, SlowReaders slowReaders) {
        super(site, dataset, RequestLabels.Api.DUMP, Errors.NEGOTIATED);
        this.places = places;
        this.slowReaders = slowReaders;
        this.file = file;
    }

    /** Streams the file, or answers 304 when the client's copy is current. */
    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        allow(request, response, Headers.READ_METHODS);
        PublicUrls urls = site.urls(request);
        TriplePattern pattern = pattern(QueryParameters.parse(request.getQueryString()), dataset);
        String etag = EntityTags.of(dataset.fingerprint(), "dump", file.name());
        response.setHeader("ETag", etag);
        response.setHeader("Cache-Control", "public, max-age=" + site.config().cacheMaxAgeSeconds());
        if (EntityTags.matches(request.getHeader("If-None-Match"), etag)) {
            response.setStatus(304);
            return;
        }
        Dump dump = dataset.served().dump(pattern, urls);
        places.enter(response);
        try {
            response.setStatus(200);
            response.setContentType(file.gzip ? "application/gzip" : file.format.contentType());
            response.setHeader("Content-Disposition", "attachment; filename=\"" + dataset.name() + "-"
                    + file.fileName() + "\"");
            if ("HEAD".equals(request.getMethod())) {
                // Committed before anything is written, so that no "Content-Length: 0" is set.
                response.flushBuffer();
                return;
            }
            OutputStream watched = slowReaders.watch(request, response.getOutputStream());
            OutputStream out = file.gzip ? gzip(watched) : watched;
            DumpWriter.write(dump, out);
            out.close(); // only once whole: closing a cut gzip stream would end it as if complete (Representations.writeWhole)
        } finally {
            places.leave();
        }
    }

    /** The pattern of the query string; bindings and pages belong to fragments, not dumps. */
    private static TriplePattern pattern(QueryParameters parameters, HostedDataset dataset) {
        if (parameters.single("values") != null || parameters.single("page") != null) {
            throw HttpError.badRequest("A dump is a whole fragment: it takes subject, predicate and object, "
                    + "but no values and no page.");
        }
        return FragmentRequests.pattern(parameters.single("subject"), parameters.single("predicate"),
                parameters.single("object"), dataset.served().prefixNames());
    }

    private static OutputStream gzip(OutputStream out) throws IOException {
        return new GZIPOutputStream(out, GZIP_BUFFER) {
            {
                def.setLevel(GZIP_LEVEL);
            }
        };
    }
}
