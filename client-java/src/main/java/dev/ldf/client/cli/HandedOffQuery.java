package dev.ldf.client.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.function.LongConsumer;

import org.apache.jena.query.Query;
import org.apache.jena.sparql.exec.QueryExec;

/**
 * A query of a {@code bin/ldf-query} call that a running {@code ldf-endpoint} answers in its place
 * (the launcher hands it off where {@code LDF_ENDPOINT} is set): read from the call's arguments and
 * written exactly as {@code ldf-query} writes it, so that the handing off shows nowhere but in the
 * time it takes. Only what streams is handed off: a graph written whole (DESCRIBE, JSON-LD,
 * RDF/XML) stays with the caller's own process, as does anything {@link #of} refuses.
 */
public final class HandedOffQuery {

    private final List<String> sources;
    private final Query query;
    private final QueryOutput.Format format;
    private final boolean skolemIris;

    private HandedOffQuery(List<String> sources, Query query, QueryOutput.Format format, boolean skolemIris) {
        this.sources = sources;
        this.query = query;
        this.format = format;
        this.skolemIris = skolemIris;
    }

    /**
     * The call's positional arguments (its sources, then the query text), its {@code --format}
     * (null: the default) and {@code --skolem-iris}; a mistake in them is a
     * {@link dev.ldf.cli.UsageException} with the message {@code ldf-query} gives, and a query
     * that is not handed off an {@link IllegalArgumentException}.
     */
    public static HandedOffQuery of(List<String> positional, String format, boolean skolemIris) {
        QueryInputs.Positional given = QueryInputs.positional(positional);
        if (given.query() == null) {
            throw new IllegalArgumentException("no query text among the arguments");
        }
        QueryInputs.NamedQuery parsed = QueryInputs.parse(List.<String[]>of(new String[] {"query", given.query()}),
                q -> QueryInputs.format(format, q)).get(0);
        Query query = parsed.query();
        QueryOutput.Format chosen = parsed.format();
        if (query.isDescribeType() || !chosen.streams()) {
            throw new IllegalArgumentException("its answer is written as a whole graph");
        }
        return new HandedOffQuery(given.sources(), query, chosen, skolemIris);
    }

    /** The sources, as {@code ldf-query} connects to them. */
    public List<String> sources() {
        return sources;
    }

    public Query query() {
        return query;
    }

    /**
     * Runs {@code exec} (the caller builds it over the same sources, and closes it) and writes
     * what {@code ldf-query} would; {@code onResults} hears how many results were read.
     */
    public void write(QueryExec exec, OutputStream out, LongConsumer onResults) throws IOException {
        QueryOutput.write(query, exec, format, skolemIris, out, onResults);
    }

    /** Whether the format reads every result before it writes one (ldf-query's table). */
    public boolean holdsEveryResult() {
        return format == QueryOutput.Format.TABLE && query.isSelectType();
    }
}
