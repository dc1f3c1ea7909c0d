package dev.ldf.client.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPInputStream;

import org.apache.jena.atlas.RuntimeIOException;
import org.apache.jena.query.ResultSet;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.cli.Causes;
import dev.ldf.client.page.Page;
import dev.ldf.client.page.PageParser;

/**
 * Reads the body of a 200 answer as it streams in: a fragment page, or one quantum of a
 * preemptive endpoint's solutions. A body that breaks off is an {@link IOException} (the request
 * is retried); one that is malformed is a {@link FragmentException}.
 */
final class ResponseReaders {

    private final ClientListener listener;
    private final HttpOptions options;

    ResponseReaders(ClientListener listener, HttpOptions options) {
        this.listener = listener;
        this.options = options;
    }

    /** {@code decoded}, bounded in size and in time from {@code sentNanos} ({@link BoundedBody}). */
    private InputStream bounded(FragmentRequest request, HttpResponse<InputStream> response, InputStream decoded,
            long sentNanos) {
        return BoundedBody.of(response, decoded, request.url(), options, sentNanos);
    }

    /** One quantum's solutions, read whole: the server bounds a page's size. */
    ResultsPage results(FragmentRequest request, HttpResponse<InputStream> response, long sentNanos) throws IOException {
        ResponseBodies.CountingStream counted = new ResponseBodies.CountingStream(response.body());
        try (InputStream body = bounded(request, response,
                ResponseBodies.gzipped(response) ? new GZIPInputStream(counted, 1 << 16) : counted, sentNanos)) {
            // Jena closes what it reads: shield the body so that the rest can be drained.
            ResultSet results = ResultSetMgr.read(new FilterInputStream(body) {
                @Override
                public void close() {
                    // closed below, after draining
                }
            }, ResultSetLang.RS_JSON);
            List<Var> vars = results.getResultVars().stream().map(Var::alloc).toList();
            List<Binding> solutions = new ArrayList<>();
            while (results.hasNext()) {
                solutions.add(SourceTerms.checked(results.nextBinding(), request.url()));
            }
            body.transferTo(OutputStream.nullOutputStream());
            String next = response.headers().firstValue(FragmentHttpClient.NEXT_TOKEN).orElse(null);
            listener.resultsReceived(request, response.statusCode(), counted.count, solutions.size(), next,
                    ServerTiming.parse(response.headers().firstValue("Server-Timing").orElse(null)));
            return new ResultsPage(vars, solutions, next, counted.count);
        } catch (FragmentException e) {
            throw e;
        } catch (RuntimeException e) {
            // Jena's results readers fail with several exception types, all unchecked.
            IOException broken = counted.failure != null ? counted.failure : transportFailure(e);
            if (broken != null) {
                throw broken;
            }
            throw new FragmentException(request.url() + " sent malformed SPARQL results: " + e.getMessage(), e);
        }
    }

    Page page(FragmentRequest request, HttpResponse<InputStream> response, long sentNanos) throws IOException {
        String contentType = response.headers().firstValue("Content-Type").orElse("");
        Lang lang = RDFLanguages.contentTypeToLang(contentType.split(";")[0].trim());
        ResponseBodies.CountingStream counted = new ResponseBodies.CountingStream(response.body());
        try (InputStream body = bounded(request, response,
                ResponseBodies.gzipped(response) ? new GZIPInputStream(counted, 1 << 16) : counted, sentNanos)) {
            if (lang == null || !(RDFLanguages.isTriples(lang) || RDFLanguages.isQuads(lang))) {
                throw new FragmentException(request.url() + " answered with " + (contentType.isEmpty() ? "no Content-Type"
                        : "'" + contentType + "'") + ", not RDF, so it is not a Triple Pattern Fragments interface; "
                        + "give the URL of a dataset, such as http://example.org/dataset");
            }
            // RIOT closes what it parses: shield the body so that the rest can be drained and the
            // connection reused.
            Page page = PageParser.parse(new FilterInputStream(body) {
                @Override
                public void close() {
                    // closed below, after draining
                }
            }, lang, request.url());
            body.transferTo(OutputStream.nullOutputStream());
            listener.pageReceived(request, response.statusCode(), counted.count, page.data().size(), page.metadataTriples());
            return page;
        } catch (RiotException | RuntimeIOException e) {
            // RIOT reports a stream that broke while it filled its buffer as RuntimeIOException.
            IOException broken = counted.failure != null ? counted.failure : transportFailure(e);
            if (broken != null) {
                throw broken; // the connection broke in the middle of the page: retried
            }
            throw new FragmentException(request.url() + " sent malformed " + lang.getLabel() + ": " + e.getMessage(), e);
        }
    }

    /** The I/O failure under a parser's exception, when the stream broke rather than the syntax. */
    private static IOException transportFailure(Throwable e) {
        return Causes.find(e, IOException.class).orElse(null);
    }
}
