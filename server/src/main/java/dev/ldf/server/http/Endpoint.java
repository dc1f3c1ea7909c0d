package dev.ldf.server.http;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;

import org.eclipse.jetty.io.QuietException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.failure.ClientError;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.monitor.OutOfMemory;
import dev.ldf.server.monitor.RequestLabels;
import dev.ldf.server.rdf.ErrorView;
import dev.ldf.server.rdf.OutputFormat;
import dev.ldf.cli.Causes;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * One interface of the server at its paths, mounted by {@link Endpoints}. The one place where a
 * failure becomes a response: a {@link ClientError} from any layer is answered with its status and
 * message (in the negotiated format where the endpoint answers in RDF or HTML, as plain text where
 * programs read it), a client that went away is a debug line, anything else a 500 with an id in
 * the log. Every answer says {@code X-Content-Type-Options: nosniff}; every request is labelled
 * for the metrics with its interface and dataset.
 */
abstract class Endpoint extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(Endpoint.class);
    static final List<OutputFormat> FORMATS = Arrays.asList(OutputFormat.values());

    /** How an endpoint writes its errors. */
    enum Errors {
        /** In the format the client accepts, RDF or a page for people (the fragments and their kin). */
        NEGOTIATED,
        /** As one line of text, whatever the client accepts (programs: SPARQL clients, writers, followers). */
        PLAIN
    }

    protected final transient Site site;
    protected final transient HostedDataset dataset;
    private final RequestLabels.Api api;
    private final Errors errors;

    /** {@code dataset} is null for endpoints of the whole server. */
    Endpoint(Site site, HostedDataset dataset, RequestLabels.Api api, Errors errors) {
        this.site = site;
        this.dataset = dataset;
        this.api = api;
        this.errors = errors;
    }

    /** Answers the request, or throws what makes it fail. */
    protected abstract void answer(HttpServletRequest request, HttpServletResponse response) throws IOException;

    @Override
    protected final void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        request.setAttribute(RequestLabels.API, api);
        if (dataset != null) {
            request.setAttribute(RequestLabels.DATASET, dataset.name());
        }
        try {
            Headers.common(response);
            answer(request, response);
        } catch (IOException e) {
            clientGone(request, e);
        } catch (RuntimeException e) {
            if (e instanceof ClientError refused && response.isCommitted()) {
                // Found after the first bytes went out (a format that could not finish): the
                // connection is cut, so that no client or cache takes the part for the whole.
                LOG.debug("Aborted {} {} after its answer had begun: {}", request.getMethod(), target(request),
                        refused.message());
                throw new AbortedResponse(refused.message(), e);
            } else if (e instanceof ClientError refused) {
                OutputFormat format = refused.status() == 406 ? null : errorFormat(request);
                if (refused.retryAfterSeconds() >= 0) {
                    response.setHeader("Retry-After", Integer.toString(refused.retryAfterSeconds()));
                }
                site.errors().respond(response, refused.status(), refused.message(), format, refused.closesConnection(),
                        format == OutputFormat.HTML ? errorContext(request) : null);
            } else if (ClientGone.causedBy(e)) {
                clientGone(request, e);
            } else {
                // Work on another thread that ran out of memory arrives wrapped (CompletionException).
                OutOfMemory.check(e);
                long id = site.failures().incrementAndGet();
                LOG.error("Request {} ({} {}) failed", id, request.getMethod(), target(request), e);
                if (response.isCommitted()) {
                    throw e; // Jetty aborts the response: the client must not take a truncated page for a whole one.
                }
                site.errors().respond(response, 500, "The server failed on this request (id " + id + ").",
                        errorFormat(request), false);
            }
        } catch (Error e) {
            OutOfMemory.check(e);
            throw e;
        }
    }

    /** Makes the container abort a committed response, without a stack trace in its log. */
    private static final class AbortedResponse extends QuietException.RuntimeException {
        private static final long serialVersionUID = 1L;

        AbortedResponse(String message, Throwable cause) {
            super(message, cause);
        }
    }

    /**
     * The format the client accepts, for a representation; 406 when it accepts none of them.
     */
    protected static OutputFormat negotiate(HttpServletRequest request) {
        OutputFormat format = ContentNegotiation.choose(request.getHeader("Accept"), FORMATS);
        if (format == null) {
            throw new HttpError(406, "None of the formats this server writes is acceptable: "
                    + String.join(", ", FORMATS.stream().map(OutputFormat::mediaType).toList()) + ".");
        }
        return format;
    }

    /** The request's path below the context, whichever mapping caught it. */
    protected static String pathOf(HttpServletRequest request) {
        return request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
    }

    /** Refuses methods other than {@code allowed} with 405 and an Allow header. */
    protected static void allow(HttpServletRequest request, HttpServletResponse response, String allowed) {
        String method = request.getMethod();
        if (!allowed.contains(method)) {
            response.setHeader("Allow", allowed);
            throw new HttpError(405, "Method " + method + " is not allowed here; use " + allowed + ".");
        }
    }

    /** How this request's errors are written; the endpoint's choice unless it depends on the request. */
    protected Errors errors(HttpServletRequest request) {
        return errors;
    }

    private OutputFormat errorFormat(HttpServletRequest request) {
        return errors(request) == Errors.PLAIN ? null : ContentNegotiation.choose(request.getHeader("Accept"), FORMATS);
    }

    /**
     * Where a failed request for a page was going, so that the error page can lead back: the
     * dataset it named and the form's fields as the query string gave them. Null where even that
     * cannot be read.
     */
    private ErrorView.Context errorContext(HttpServletRequest request) {
        try {
            PublicUrls urls = site.urls(request);
            FragmentRequest.Input input = null;
            try {
                QueryParameters query = QueryParameters.parse(request.getQueryString());
                input = new FragmentRequest.Input(query.first("subject"), query.first("predicate"), query.first("object"),
                        query.first("values"));
            } catch (HttpError e) {
                // An unreadable query string: the form starts empty.
            }
            return new ErrorView.Context(urls.index(), site.config().title(),
                    dataset == null ? null : dataset.served().describe(urls),
                    input == null ? new FragmentRequest.Input(null, null, null, null) : input);
        } catch (RuntimeException e) {
            return null;
        }
    }

    /** A client that closed its connection early is normal traffic: one line, at debug level. */
    private static void clientGone(HttpServletRequest request, Exception e) {
        LOG.debug("Client went away during {} {}: {}", request.getMethod(), target(request), Causes.root(e).toString());
    }

    /** The request target for a log line, cut short: terms may be 100 KB. */
    private static String target(HttpServletRequest request) {
        String target = request.getRequestURI() + (request.getQueryString() == null ? "" : "?" + request.getQueryString());
        return target.length() > 300 ? target.substring(0, 300) + "..." : target;
    }
}
