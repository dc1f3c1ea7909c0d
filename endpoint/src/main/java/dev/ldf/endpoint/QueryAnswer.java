package dev.ldf.endpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.Iterator;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.ARQ;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.ResultSet;
import org.apache.jena.query.Syntax;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.syntax.ElementService;
import org.apache.jena.sparql.syntax.ElementVisitorBase;
import org.apache.jena.sparql.syntax.ElementWalker;

import dev.ldf.cli.AcceptHeader;
import dev.ldf.cli.Causes;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.Federation;

/**
 * One query over the sources, answered in the format the client accepts. The query runs until its
 * first result (or its end) before anything is written, so that a failure up to there is an error
 * status; the answer then streams as ARQ produces it.
 */
final class QueryAnswer implements Answer {

    /** The most triples a JSON-LD or RDF/XML answer holds: those syntaxes are written from a whole graph. */
    static final int MAX_WHOLE_GRAPH_TRIPLES = 1_000_000;

    private final Query query;
    private final AnswerFormat format;

    private QueryAnswer(Query query, AnswerFormat format) {
        this.query = query;
        this.format = format;
    }

    /**
     * The query of a request and its format: the one it names, else the one for {@code accept}; a
     * query that does not parse, or that names graphs or services of its own, is a 400, and no
     * acceptable format a 406.
     */
    static QueryAnswer of(ProtocolRequest request, String accept) {
        String text = request.query();
        Query query;
        try {
            query = QueryFactory.create(text, Syntax.syntaxSPARQL_11);
        } catch (QueryParseException e) {
            throw EndpointError.badRequest("The query does not parse: " + e.getMessage());
        }
        if (query.hasDatasetDescription()) {
            throw EndpointError.badRequest("This endpoint's one graph is the merge of its sources: the query may not "
                    + "name graphs with FROM or FROM NAMED.");
        }
        if (callsService(query)) {
            throw EndpointError.badRequest("SERVICE is not run here: name the endpoint as one of the sources "
                    + "(sparql@URL) instead.");
        }
        if (request.format() != null) {
            return new QueryAnswer(query, AnswerFormat.named(request.format(), query));
        }
        AnswerFormat format = AcceptHeader.choose(accept, AnswerFormat.offeredFor(query), AnswerFormat::mediaTypes);
        if (format == null) {
            throw new EndpointError(406, "None of the formats for this query is acceptable: " + String.join(", ",
                    AnswerFormat.offeredFor(query).stream().map(f -> f.mediaTypes().get(0)).toList()) + ".");
        }
        return new QueryAnswer(query, format);
    }

    AnswerFormat format() {
        return format;
    }

    @Override
    public String contentType() {
        return format.contentType();
    }

    /**
     * Runs the query over {@code sources} within {@code timeout} (kept by an alarm on
     * {@code clock}) and writes its answer to {@code out}; a failure is thrown as the
     * {@link EndpointError} that tells the client why.
     */
    @Override
    public void write(Federation sources, Duration timeout, ScheduledExecutorService clock, OutputStream out)
            throws IOException {
        long started = System.nanoTime();
        QueryExec exec = QueryExec.dataset(FragmentDataset.of(sources).asDatasetGraph())
                // The wall behind the check in of(): no query reaches beyond the sources.
                .set(ARQ.httpServiceAllowed, false).query(query)
                .overallTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).build();
        try (exec; QueryAlarm alarm = new QueryAlarm(clock, exec, timeout)) {
            if (query.isSelectType()) {
                RowSet rows = exec.select();
                rows.hasNext();
                ResultSetMgr.write(out, ResultSet.adapt(rows), format.results());
            } else if (query.isAskType()) {
                ResultSetMgr.write(out, exec.ask(), format.results());
            } else {
                Iterator<Triple> triples = query.isConstructType() ? exec.constructTriples() : exec.describeTriples();
                triples.hasNext();
                if (format.streams()) {
                    StreamRDF writer = StreamRDFWriter.getWriterStream(out, format.graph());
                    writer.start();
                    query.getPrefixMapping().getNsPrefixMap().forEach(writer::prefix);
                    triples.forEachRemaining(writer::triple);
                    writer.finish();
                } else {
                    RDFDataMgr.write(out, whole(triples), format.graph());
                }
            }
        } catch (RuntimeException e) {
            throw explained(e, System.nanoTime() - started, timeout);
        }
    }

    private Graph whole(Iterator<Triple> triples) {
        Graph graph = GraphFactory.createGraphMem();
        graph.getPrefixMapping().setNsPrefixes(query.getPrefixMapping());
        while (triples.hasNext()) {
            if (graph.size() >= MAX_WHOLE_GRAPH_TRIPLES) {
                throw new EndpointError(406, String.format(Locale.ROOT, "The answer holds more than %,d "
                        + "triples, too many to write as %s, which needs the whole graph first; ask for Turtle or "
                        + "N-Triples, which stream.", MAX_WHOLE_GRAPH_TRIPLES, format.mediaTypes().get(0)));
            }
            graph.add(triples.next());
        }
        return graph;
    }

    /**
     * What the client is told: a query past its time is a 504 (whatever the cancellation broke on
     * its way out); a source that failed is a 502 that names it; anything else a 500 without details.
     */
    /** What a failed query tells its client: a timeout, a source's failure, or the failure itself. */
    static EndpointError explained(RuntimeException e, long elapsedNanos, Duration timeout) {
        if (e instanceof EndpointError error) {
            return error;
        }
        if (Causes.has(e, QueryCancelledException.class) || elapsedNanos >= timeout.toNanos()) {
            return new EndpointError(504, "The query did not finish within " + seconds(timeout) + ".", -1, e);
        }
        Optional<FragmentException> source = Causes.find(e, FragmentException.class);
        if (source.isPresent()) {
            return new EndpointError(502, "A source failed: " + source.get().getMessage(), -1, e);
        }
        if (Causes.has(e, IOException.class)) {
            // ARQ's writers wrap what the response's stream threw: the client went away, most likely.
            return new EndpointError(500, "Writing the answer failed: " + Causes.root(e).getMessage(), -1, null);
        }
        return new EndpointError(500, "The query failed: " + e.getClass().getSimpleName()
                + (e.getMessage() == null ? "" : ": " + e.getMessage()), -1, e);
    }

    private static String seconds(Duration timeout) {
        long millis = timeout.toMillis();
        return millis % 1000 == 0 ? millis / 1000 + " s" : millis + " ms";
    }

    private static boolean callsService(Query query) {
        boolean[] found = {false};
        if (query.getQueryPattern() != null) {
            ElementWalker.walk(query.getQueryPattern(), new ElementVisitorBase() {
                @Override
                public void visit(ElementService service) {
                    found[0] = true;
                }
            });
        }
        return found[0];
    }
}
