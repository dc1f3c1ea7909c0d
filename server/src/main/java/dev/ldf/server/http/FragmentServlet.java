package dev.ldf.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.BadRequestException;
import dev.ldf.server.fragment.Catalog;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.fragment.ServedDataset;
import dev.ldf.server.fragment.ServerDescription;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.LiveDataset;
import dev.ldf.server.live.LiveDatasource;
import dev.ldf.server.monitor.OutOfMemory;
import dev.ldf.server.monitor.RequestLabels;
import dev.ldf.server.preemption.PreemptableDataset;
import dev.ldf.server.preemption.QuantumSlots;
import dev.ldf.server.rdf.ErrorView;
import dev.ldf.server.rdf.OutputFormat;
import dev.ldf.server.rdf.ResponseWriter;
import dev.ldf.server.rdf.UnrepresentableException;
import dev.ldf.server.rdf.Writers;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Answers Triple Pattern Fragments: {@code /} is the index of datasets, {@code /name} a dataset
 * with the parameters {@code subject}, {@code predicate}, {@code object}, {@code values} and
 * {@code page}, {@code /name/dump.nt} and its siblings a dump ({@link Dumps}),
 * {@code /.well-known/genid/...} a blank node.
 *
 * <p>A request is parsed and checked completely ({@link FragmentRequests}) before the first byte
 * is written; the dataset answers it as one {@link Fragment}, which the format's writer streams
 * triple by triple. All errors go through {@link ErrorResponder}.
 */
public final class FragmentServlet extends HttpServlet {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(FragmentServlet.class);
    private static final List<OutputFormat> FORMATS = Arrays.asList(OutputFormat.values());
    private static final String GENID = "/.well-known/genid/";
    /** SPARQL Update requests are parsed in memory: at least this many bytes, or the body limit if larger. */
    private static final int MIN_UPDATE_BYTES = 16 << 20;

    /**
     * A dataset, and everything besides its data that changes the bytes of its responses; its
     * fingerprint adds the data's version, which changes as a live dataset does.
     */
    private record Served(ServedDataset dataset, String settings) {
        String fingerprint() {
            return dataset.source().version() + "|" + settings;
        }
    }

    private final transient ServerConfig config;
    private final transient Writers writers;
    private final transient ErrorResponder errors;
    private final transient Dumps dumps;
    private final transient Map<String, Served> datasets = new LinkedHashMap<>();
    private final transient PreemptiveEndpoint preemptive;
    private final transient Map<String, PreemptiveEndpoint.Target> preemptiveTargets = new LinkedHashMap<>();
    private final transient ChangesEndpoint changes;
    private final transient Map<String, ChangesEndpoint.Target> changeTargets = new LinkedHashMap<>();
    private final String catalogSettings;
    private final AtomicLong requestIds = new AtomicLong();

    /** Serves {@code sources}, one per dataset of {@code config}, by name, in the formats of {@code writers}. */
    public FragmentServlet(ServerConfig config, Map<String, Datasource> sources, Writers writers) {
        this(config, sources, Map.of(), writers);
    }

    /**
     * Serves {@code sources}, one per dataset of {@code config}; those in {@code live} take
     * changes and have a change feed.
     */
    public FragmentServlet(ServerConfig config, Map<String, Datasource> sources, Map<String, LiveDataset> live,
            Writers writers) {
        this.config = config;
        this.writers = writers;
        this.errors = new ErrorResponder(writers);
        SlowReaders slowReaders = new SlowReaders(config.limits());
        this.dumps = new Dumps(new DumpSlots(config.limits()), slowReaders, config.cacheMaxAgeSeconds());
        this.preemptive = new PreemptiveEndpoint(PreemptiveEndpoint.signer(config.tokens()),
                new QuantumSlots(config.limits().maxConcurrentQuanta(), config.limits().firstQuantumPlaces(),
                        config.limits().maxQueuedQuanta(), config.limits().queueTimeoutMillis(),
                        longestQuantumMillis(config)),
                config.limits(), config.maxRequestBodyBytes(), config.baseUrl());
        PatchBudget patches = new PatchBudget(Runtime.getRuntime().maxMemory());
        if (config.datasets().stream().anyMatch(d -> d.writes().enabled())) {
            LOG.info("{}", patches.describe());
        }
        this.changes = new ChangesEndpoint(patches, Math.max(config.maxRequestBodyBytes(), MIN_UPDATE_BYTES),
                config.limits().retryAfterSeconds(), config.baseUrl(), new DumpSlots(config.limits()), slowReaders);
        StringBuilder catalog = new StringBuilder(config.title() + "|" + config.description() + "|" + config.baseUrl());
        for (DatasetConfig d : config.datasets()) {
            Datasource source = sources.get(d.name());
            if (source == null) {
                throw new IllegalArgumentException("No datasource for dataset " + d.name());
            }
            LiveDataset changing = live.get(d.name());
            if (changing != null) {
                changeTargets.put(d.name(), ChangesEndpoint.Target.of(d.name(), changing,
                        d.writes().enabled() ? d.writes().resolvedToken() : null, d.writes().follow()));
            }
            PreemptableDataset preemptable = !d.preemption().enabled() ? null
                    : source instanceof PreemptableDataset changes ? changes
                    : source instanceof HdtDatasource file
                            ? PreemptableDataset.fixed(PreemptiveEndpoint.number(file.version()), file.scans())
                    : null;
            if (preemptable != null) {
                preemptiveTargets.put(d.name(), new PreemptiveEndpoint.Target(d.name(), preemptable, d.preemption()));
            }
            String settings = d.title() + "|" + d.description() + "|" + d.pageSize()
                    + "|" + d.prefixes() + "|" + d.maxBindingsPerRequest() + "|" + config.maxRequestBodyBytes()
                    + "|" + config.baseUrl() + "|" + (preemptable != null);
            datasets.put(d.name(), new Served(new ServedDataset(d.name(), d.title(), d.description(), d.prefixes(),
                    d.pageSize(), d.maxBindingsPerRequest(), config.maxRequestBodyBytes(), source, preemptable != null),
                    settings));
            catalog.append('|').append(d.name()).append('|').append(settings);
        }
        this.catalogSettings = catalog.toString();
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        OutputFormat format = null;
        try {
            Headers.common(response);
            // Null when nothing acceptable: dumps, files of their own type, do not need a format.
            format = ContentNegotiation.choose(request.getHeader("Accept"), FORMATS);
            route(request, response, format);
        } catch (HttpError e) {
            errors.respond(response, e.status(), e.getMessage(), e.status() == 406 ? null : format, e.closeConnection(),
                    errorContext(request, format));
        } catch (BadRequestException e) {
            errors.respond(response, 400, e.getMessage(), format, false, errorContext(request, format));
        } catch (UnrepresentableException e) {
            errors.respond(response, 406, e.getMessage() + " Ask for another format.", null, false);
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
            errors.respond(response, 500, "The server failed on this request (id " + id + ").", format, false);
        } catch (Error e) {
            OutOfMemory.check(e);
            throw e;
        }
    }

    /**
     * Where a failed request for a page was going, so that the error page can lead back: the
     * dataset it named and the form's fields as the query string gave them. Null for other formats,
     * and where even that cannot be read.
     */
    private ErrorView.Context errorContext(HttpServletRequest request, OutputFormat format) {
        if (format != OutputFormat.HTML) {
            return null;
        }
        try {
            PublicUrls urls = PublicUrls.of(request, config.baseUrl());
            Object name = request.getAttribute(RequestLabels.DATASET);
            Served served = name == null ? null : datasets.get(name.toString());
            FragmentRequest.Input input = null;
            try {
                QueryParameters query = QueryParameters.parse(request.getQueryString());
                input = new FragmentRequest.Input(query.first("subject"), query.first("predicate"), query.first("object"),
                        query.first("values"));
            } catch (HttpError e) {
                // An unreadable query string: the form starts empty.
            }
            return new ErrorView.Context(urls.index(), config.title(),
                    served == null ? null : served.dataset().describe(urls),
                    input == null ? new FragmentRequest.Input(null, null, null, null) : input);
        } catch (RuntimeException e) {
            return null;
        }
    }

    private void route(HttpServletRequest request, HttpServletResponse response, OutputFormat format)
            throws IOException {
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        PublicUrls urls = PublicUrls.of(request, config.baseUrl());
        if (changes(request, response, path) || dump(request, response, path, urls) || sparql(request, response, path)) {
            return;
        }
        if (format == null) {
            throw new HttpError(406, "None of the formats this server writes is acceptable: "
                    + String.join(", ", FORMATS.stream().map(OutputFormat::mediaType).toList()) + ".");
        }
        if (path.equals("/")) {
            request.setAttribute(RequestLabels.API, RequestLabels.Api.INDEX);
            allow(request.getMethod(), response, Headers.READ_METHODS);
            index(request, response, format, urls);
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
        request.setAttribute(RequestLabels.DATASET, served.dataset().name());
        request.setAttribute(RequestLabels.API, RequestLabels.Api.TPF);
        allow(request.getMethod(), response, Headers.DATASET_METHODS);
        fragment(request, response, format, urls, served);
    }

    /** Answers {@code /name/changes}, {@code /name/compaction} and {@code /name/base} of a live dataset; false for any other path. */
    private boolean changes(HttpServletRequest request, HttpServletResponse response, String path) throws IOException {
        int slash = path.indexOf('/', 1);
        String rest = slash > 0 ? path.substring(slash + 1) : "";
        boolean compaction = rest.equals(ChangesEndpoint.COMPACTION);
        boolean base = rest.equals(ChangesEndpoint.BASE);
        boolean named = compaction || base || rest.equals(ChangesEndpoint.NAME);
        ChangesEndpoint.Target target = named ? changeTargets.get(path.substring(1, slash)) : null;
        if (target == null) {
            String method = request.getMethod();
            if (named && datasets.containsKey(path.substring(1, slash)) && !method.equals("GET") && !method.equals("HEAD")) {
                // A dataset that never took changes refuses them as one whose writes are off does (nothing is allowed).
                response.setHeader("Allow", "");
                errors.respond(response, 405, "Dataset " + path.substring(1, slash) + " takes no changes: writes are "
                        + "off.", null, true);
                return true;
            }
            return false;
        }
        request.setAttribute(RequestLabels.DATASET, target.dataset());
        request.setAttribute(RequestLabels.API, RequestLabels.Api.CHANGES);
        try {
            if (compaction) {
                changes.compaction(request, response, target);
            } else if (base) {
                changes.base(request, response, target);
            } else {
                changes.answer(request, response, target);
            }
        } catch (HttpError e) {
            // Writers are programs: errors as plain text, whatever the Accept header says.
            errors.respond(response, e.status(), e.getMessage(), null, e.closeConnection());
        }
        return true;
    }

    /** Answers {@code /name/dump.nt} and the other dump files; false for any other path. */
    private boolean dump(HttpServletRequest request, HttpServletResponse response, String path, PublicUrls urls)
            throws IOException {
        int slash = path.indexOf('/', 1);
        Served served = slash > 0 ? datasets.get(path.substring(1, slash)) : null;
        Dumps.File file = served == null ? null : Dumps.File.named(path.substring(slash + 1));
        if (file == null) {
            return false;
        }
        request.setAttribute(RequestLabels.DATASET, served.dataset().name());
        request.setAttribute(RequestLabels.API, RequestLabels.Api.DUMP);
        allow(request.getMethod(), response, Headers.READ_METHODS);
        dumps.answer(request, response, file, served.dataset(), served.fingerprint(), urls);
        return true;
    }

    /** Answers {@code /name/sparql} of a dataset with a preemptive endpoint; false for any other path. */
    private boolean sparql(HttpServletRequest request, HttpServletResponse response, String path) throws IOException {
        int slash = path.indexOf('/', 1);
        PreemptiveEndpoint.Target target = slash > 0 && path.substring(slash + 1).equals(PreemptiveEndpoint.NAME)
                ? preemptiveTargets.get(path.substring(1, slash)) : null;
        if (target == null) {
            return false;
        }
        request.setAttribute(RequestLabels.DATASET, target.dataset());
        request.setAttribute(RequestLabels.API, RequestLabels.Api.SPARQL);
        try {
            preemptive.answer(request, response, target);
        } catch (HttpError e) {
            // SPARQL clients read errors as text, whatever RDF format the Accept header would allow.
            errors.respond(response, e.status(), e.getMessage(), null, e.closeConnection());
        }
        return true;
    }

    private void fragment(HttpServletRequest request, HttpServletResponse response, OutputFormat format,
            PublicUrls urls, Served served) throws IOException {
        FragmentRequests.Read read = FragmentRequests.read(request, served.dataset(), urls, config.maxRequestBodyBytes());
        if (read.request().bindings() != null) {
            request.setAttribute(RequestLabels.API, RequestLabels.Api.BRTPF);
        }
        if (notModified(request, response, EntityTags.of(served.fingerprint(), format.name(), read.bodyDigest()))) {
            return;
        }
        if (served.dataset().source() instanceof LiveDatasource live) {
            // A client paging across a change sees the version change between its pages.
            response.setHeader(ChangesEndpoint.VERSION_HEADER, Long.toString(live.versionNumber()));
        }
        Fragment fragment = served.dataset().answer(read.request(), server(urls), urls);
        ResponseWriter writer = writers.get(format);
        send(response, format, out -> writer.writeFragment(fragment, out));
    }

    private void index(HttpServletRequest request, HttpServletResponse response, OutputFormat format,
            PublicUrls urls) throws IOException {
        StringBuilder fingerprint = new StringBuilder(catalogSettings);
        datasets.values().forEach(served -> fingerprint.append('|').append(served.dataset().source().version()));
        if (notModified(request, response, EntityTags.of(fingerprint.toString(), format.name()))) {
            return;
        }
        List<Catalog.Entry> entries = new ArrayList<>();
        for (Served served : datasets.values()) {
            entries.add(new Catalog.Entry(served.dataset().describe(urls), served.dataset().source().statistics()));
        }
        Catalog catalog = new Catalog(server(urls), entries);
        ResponseWriter writer = writers.get(format);
        send(response, format, out -> writer.writeCatalog(catalog, out));
    }

    /** What a successful response writes. */
    private interface Body {
        void write(OutputStream out) throws IOException;
    }

    private static void send(HttpServletResponse response, OutputFormat format, Body body) throws IOException {
        response.setStatus(200);
        Headers.representation(response, format);
        try (OutputStream out = response.getOutputStream()) {
            body.write(out);
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
        response.setHeader("Location", urls.dataset(served.dataset().name()) + "?subject=" + PublicUrls.encode(iri));
        response.setHeader("Cache-Control", "public, max-age=" + config.cacheMaxAgeSeconds());
    }

    private ServerDescription server(PublicUrls urls) {
        return new ServerDescription(config.title(), config.description(), urls.index());
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

    /** Refuses methods other than {@code allowed} with 405 and an Allow header. */
    private static void allow(String method, HttpServletResponse response, String allowed) {
        if (!allowed.contains(method)) {
            response.setHeader("Allow", allowed);
            throw new HttpError(405, "Method " + method + " is not allowed here; use " + allowed + ".");
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

    /** How long a resuming request may be passed over by starting ones: the longest quantum. */
    private static long longestQuantumMillis(ServerConfig config) {
        return config.datasets().stream().filter(d -> d.preemption().enabled())
                .mapToLong(d -> d.preemption().quantumMillis()).max().orElse(Preemption.DEFAULT_QUANTUM_MILLIS);
    }
}
