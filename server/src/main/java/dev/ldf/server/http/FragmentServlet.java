package dev.ldf.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Pattern;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.BadRequestException;
import dev.ldf.server.fragment.Bindings;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.fragment.TermSyntax;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.monitor.RequestLabels;
import dev.ldf.server.rdf.CatalogView;
import dev.ldf.server.rdf.DatasetDescription;
import dev.ldf.server.rdf.FragmentView;
import dev.ldf.server.rdf.HtmlWriter;
import dev.ldf.server.rdf.OutputFormat;
import dev.ldf.server.rdf.RdfWriter;
import dev.ldf.server.rdf.UnrepresentableException;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Answers Triple Pattern Fragments: {@code /} is the index of datasets, {@code /name} a dataset
 * with the parameters {@code subject}, {@code predicate}, {@code object} and {@code page}.
 *
 * <p>A request is parsed and checked completely before the first byte is written; a page is then
 * streamed triple by triple. All errors go through {@link ErrorResponder}.
 */
public final class FragmentServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FragmentServlet.class);
    private static final List<OutputFormat> FORMATS = Arrays.asList(OutputFormat.values());
    private static final Pattern PAGE = Pattern.compile("[1-9][0-9]{0,18}");
    private static final String GENID = "/.well-known/genid/";

    /** A dataset with what the servlet needs to answer for it. */
    private record Served(DatasetConfig config, Datasource source, String fingerprint) {}

    private final transient ServerConfig config;
    private final transient Map<String, Served> datasets = new LinkedHashMap<>();
    private final String catalogFingerprint;
    private final AtomicLong requestIds = new AtomicLong();

    /** Serves {@code sources}, one per dataset of {@code config}, by name. */
    public FragmentServlet(ServerConfig config, Map<String, Datasource> sources) {
        this.config = config;
        StringBuilder catalog = new StringBuilder(config.title() + "|" + config.description() + "|" + config.baseUrl());
        for (DatasetConfig d : config.datasets()) {
            Datasource source = sources.get(d.name());
            if (source == null) {
                throw new IllegalArgumentException("No datasource for dataset " + d.name());
            }
            // Everything besides the data that changes the bytes of a response.
            String fingerprint = source.version() + "|" + d.title() + "|" + d.description() + "|" + d.pageSize()
                    + "|" + d.prefixes() + "|" + d.maxBindingsPerRequest() + "|" + config.maxRequestBodyBytes()
                    + "|" + config.baseUrl();
            datasets.put(d.name(), new Served(d, source, fingerprint));
            catalog.append('|').append(d.name()).append('|').append(fingerprint);
        }
        this.catalogFingerprint = catalog.toString();
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        OutputFormat format = null;
        try {
            Headers.common(response);
            String method = request.getMethod();
            if (method.equals("OPTIONS")) {
                options(response);
                return;
            }
            format = ContentNegotiation.choose(request.getHeader("Accept"), FORMATS);
            if (format == null) {
                throw new HttpError(406, "None of the formats this server writes is acceptable: "
                        + String.join(", ", FORMATS.stream().map(OutputFormat::mediaType).toList()) + ".");
            }
            route(request, response, format);
        } catch (HttpError e) {
            ErrorResponder.respond(response, e.status(), e.getMessage(), e.status() == 406 ? null : format,
                    e.closeConnection());
        } catch (BadRequestException e) {
            ErrorResponder.respond(response, 400, e.getMessage(), format);
        } catch (UnrepresentableException e) {
            ErrorResponder.respond(response, 406, e.getMessage() + " Ask for another format.", null);
        } catch (IOException e) {
            clientGone(request, e);
        } catch (RuntimeException e) {
            if (ClientGone.causedBy(e)) {
                clientGone(request, e);
                return;
            }
            long id = requestIds.incrementAndGet();
            LOG.error("Request {} ({} {}) failed", id, request.getMethod(), target(request), e);
            if (response.isCommitted()) {
                throw e; // Jetty aborts the response: the client must not take a truncated page for a whole one.
            }
            ErrorResponder.respond(response, 500, "The server failed on this request (id " + id + ").", format);
        }
    }

    /** A client that closed its connection early is normal traffic: one line, at debug level. */
    private static void clientGone(HttpServletRequest request, Exception e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        LOG.debug("Client went away during {} {}: {}", request.getMethod(), target(request), cause.toString());
    }

    /** The request target for a log line, cut short: terms may be 100 KB. */
    private static String target(HttpServletRequest request) {
        String target = request.getRequestURI() + (request.getQueryString() == null ? "" : "?" + request.getQueryString());
        return target.length() > 300 ? target.substring(0, 300) + "..." : target;
    }

    private void options(HttpServletResponse response) {
        response.setStatus(204);
        response.setHeader("Allow", Headers.DATASET_METHODS);
        response.setHeader("Access-Control-Allow-Methods", Headers.DATASET_METHODS);
        response.setHeader("Access-Control-Allow-Headers", "Accept, Content-Type, If-None-Match");
        response.setHeader("Access-Control-Max-Age", "86400");
    }

    private void route(HttpServletRequest request, HttpServletResponse response, OutputFormat format)
            throws IOException {
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        PublicUrls urls = PublicUrls.of(request, config.baseUrl());
        if (path.equals("/")) {
            request.setAttribute(RequestLabels.API, RequestLabels.Api.INDEX);
            allow(request.getMethod(), response, Headers.READ_METHODS);
            catalog(request, response, format, urls);
            return;
        }
        if (path.startsWith(GENID)) {
            request.setAttribute(RequestLabels.API, RequestLabels.Api.GENID);
            allow(request.getMethod(), response, Headers.READ_METHODS);
            genid(response, path, urls);
            return;
        }
        Served served = path.indexOf('/', 1) < 0 ? datasets.get(path.substring(1)) : null;
        if (served == null) {
            throw HttpError.notFound("There is no dataset at " + path + "; the index at " + urls.index()
                    + " lists the datasets.");
        }
        request.setAttribute(RequestLabels.DATASET, served.config().name());
        request.setAttribute(RequestLabels.API, RequestLabels.Api.TPF);
        allow(request.getMethod(), response, Headers.DATASET_METHODS);
        fragment(request, response, format, urls, served);
    }

    /** Refuses methods other than {@code allowed} with 405 and an Allow header. */
    private static void allow(String method, HttpServletResponse response, String allowed) {
        if (!allowed.contains(method)) {
            response.setHeader("Allow", allowed);
            throw new HttpError(405, "Method " + method + " is not allowed here; use " + allowed + ".");
        }
    }

    private void fragment(HttpServletRequest request, HttpServletResponse response, OutputFormat format,
            PublicUrls urls, Served served) throws IOException {
        DatasetConfig d = served.config();
        FragmentParameters parameters = FragmentParameters.read(request, config.maxRequestBodyBytes());
        Map<String, String> terms = parameters.terms();
        TriplePattern requested = new TriplePattern(
                TermSyntax.parse("subject", terms.get("subject")),
                TermSyntax.parse("predicate", terms.get("predicate")),
                TermSyntax.parse("object", terms.get("object")));
        Bindings bindings = parameters.values() == null ? null : Bindings.parse(parameters.values(), urls.dataset(d.name()));
        if (bindings != null && d.maxBindingsPerRequest() == 0) {
            throw HttpError.badRequest("This dataset serves plain Triple Pattern Fragments; it does not accept bindings.");
        }
        if (bindings != null) {
            request.setAttribute(RequestLabels.API, RequestLabels.Api.BRTPF);
        }
        if (bindings != null && bindings.size() > d.maxBindingsPerRequest()) {
            throw HttpError.badRequest("Too many bindings: " + bindings.size() + " distinct solution mappings, but this "
                    + "dataset accepts at most " + d.maxBindingsPerRequest() + " per request (maxMpR).");
        }
        Skolemizer skolemizer = new Skolemizer(urls.genidPrefix(d.name()));
        Selector selector = new Selector(Selector.of(requested, bindings).patterns().stream()
                .map(skolemizer::deskolemize).toList());
        FragmentRequest fragment = new FragmentRequest(selector, page(parameters.page(), d.pageSize()));

        String etag = EntityTags.of(served.fingerprint(), format.name(), parameters.bodyDigest());
        if (notModified(request, response, etag)) {
            return;
        }
        FragmentPage page = served.source().page(fragment.selector(), fragment.offset(d.pageSize()), d.pageSize());
        long number = fragment.page();
        FragmentView view = new FragmentView(config.title(), urls.index(), describe(d, urls), urls.requestUrl(),
                requested, terms, parameters.values(), bindings == null ? 0 : bindings.size(), number, d.pageSize(),
                page, urls.onPage(1),
                number > 1 ? urls.onPage(number - 1) : null,
                page.hasNextPage() ? urls.onPage(number + 1) : null, skolemizer);
        response.setStatus(200);
        response.setContentType(format.contentType());
        try (OutputStream out = response.getOutputStream()) {
            if (format.isRdf()) {
                RdfWriter.writeFragment(view, format, out);
            } else {
                Headers.html(response);
                HtmlWriter.writeFragment(view, out);
            }
        }
    }

    private void catalog(HttpServletRequest request, HttpServletResponse response, OutputFormat format,
            PublicUrls urls) throws IOException {
        String etag = EntityTags.of(catalogFingerprint, format.name());
        if (notModified(request, response, etag)) {
            return;
        }
        List<CatalogView.Entry> entries = new ArrayList<>();
        for (Served served : datasets.values()) {
            entries.add(new CatalogView.Entry(describe(served.config(), urls), served.source().statistics()));
        }
        CatalogView view = new CatalogView(config.title(), config.description(), urls.index(), entries);
        response.setStatus(200);
        response.setContentType(format.contentType());
        try (OutputStream out = response.getOutputStream()) {
            if (format.isRdf()) {
                RdfWriter.writeCatalog(view, format, out);
            } else {
                Headers.html(response);
                HtmlWriter.writeCatalog(view, out);
            }
        }
    }

    /** A Skolem IRI dereferenced: see the fragment of triples about it. */
    private void genid(HttpServletResponse response, String path, PublicUrls urls) {
        String rest = path.substring(GENID.length());
        int slash = rest.indexOf('/');
        Served served = slash > 0 ? datasets.get(rest.substring(0, slash)) : null;
        if (served == null || slash == rest.length() - 1) {
            throw HttpError.notFound("There is no blank node at " + path + ".");
        }
        String iri = urls.base() + urls.rawPath();
        response.setStatus(303);
        response.setHeader("Location", urls.dataset(served.config().name()) + "?subject=" + PublicUrls.encode(iri));
        response.setHeader("Cache-Control", "public, max-age=" + config.cacheMaxAgeSeconds());
    }

    /** Sets the caching headers and answers 304 when the client's copy is current. */
    private boolean notModified(HttpServletRequest request, HttpServletResponse response, String etag) {
        Headers.cacheable(response, etag, config.cacheMaxAgeSeconds());
        if (EntityTags.matches(request.getHeader("If-None-Match"), etag)) {
            response.setStatus(304);
            return true;
        }
        return false;
    }

    private static long page(String value, int pageSize) {
        if (value == null) {
            return 1;
        }
        // The offset of the page's first triple must fit in a long.
        long max = Long.MAX_VALUE / pageSize;
        long page = -1;
        if (PAGE.matcher(value).matches()) {
            try {
                page = Long.parseLong(value);
            } catch (NumberFormatException e) {
                page = -1;
            }
        }
        if (page < 1 || page > max) {
            throw HttpError.badRequest("The page must be a whole number from 1 to " + max + ", not '"
                    + (value.length() > 40 ? value.substring(0, 40) + "..." : value) + "'.");
        }
        return page;
    }

    private DatasetDescription describe(DatasetConfig d, PublicUrls urls) {
        return new DatasetDescription(d.name(), d.title(), d.description(), urls.dataset(d.name()), d.prefixes(),
                d.maxBindingsPerRequest(), config.maxRequestBodyBytes());
    }
}
