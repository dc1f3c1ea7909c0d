package dev.ldf.endpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import org.apache.jena.query.ARQ;
import org.apache.jena.sparql.exec.QueryExec;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Fields;

import dev.ldf.cli.UsageException;
import dev.ldf.client.cli.HandedOffQuery;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.Federation;
import dev.ldf.client.source.TripleSource;

/**
 * {@value #PATH}: a {@code bin/ldf-query} call handed to this endpoint (where {@code LDF_ENDPOINT}
 * names it), so that it skips a JVM's start and finds the pages earlier queries fetched. The call
 * comes as a form: {@code argument} for each of its positional arguments in order (its sources,
 * then the query), {@code format} and {@code skolem-iris}; the answer is the bytes {@code ldf-query} would write. A call this endpoint
 * should not answer is a 409, before any byte, and the launcher runs {@code ldf-query} itself: it
 * names other sources than this endpoint's, its answer is written as a whole graph, or it is a
 * table of more than {@value #MAX_TABLE_ROWS} rows, which the table would hold in this process.
 * A mistake in the call is a 400, which the launcher also leaves to {@code ldf-query} to report.
 */
final class HandoffAnswer implements Answer {

    static final String PATH = "/-/ldf-query";
    static final int MAX_TABLE_ROWS = 100_000;

    private final HandedOffQuery call;

    private HandoffAnswer(HandedOffQuery call) {
        this.call = call;
    }

    static HandoffAnswer of(Request request, int maxBytes, Federation sources) throws IOException {
        Fields form = ProtocolRequest.form(request, maxBytes);
        Fields.Field given = form.get("argument");
        List<String> arguments = given == null ? List.of() : given.getValues();
        String format = ProtocolRequest.one(form, "format");
        HandedOffQuery call;
        try {
            call = HandedOffQuery.of(arguments, format == null || format.isBlank() ? null : format,
                    "true".equals(ProtocolRequest.one(form, "skolem-iris")));
        } catch (UsageException e) {
            throw EndpointError.badRequest(e.getMessage());
        } catch (IllegalArgumentException e) {
            throw new EndpointError(409, "Not handed off: " + e.getMessage() + ".", -1, null);
        }
        Set<String> served = sources.sources().stream().map(TripleSource::url).collect(Collectors.toSet());
        if (!served.equals(Set.copyOf(call.sources()))) {
            throw new EndpointError(409, "This endpoint answers over " + served + ", not " + call.sources() + ".", -1,
                    null);
        }
        return new HandoffAnswer(call);
    }

    @Override
    public String contentType() {
        return "application/octet-stream";
    }

    @Override
    public void write(Federation sources, Duration timeout, ScheduledExecutorService clock, OutputStream out)
            throws IOException {
        long started = System.nanoTime();
        long[] rows = {0};
        QueryExec exec = QueryExec.dataset(FragmentDataset.of(sources).asDatasetGraph())
                .set(ARQ.httpServiceAllowed, false).query(call.query())
                .overallTimeout(timeout.toMillis(), TimeUnit.MILLISECONDS).build();
        try (exec; QueryAlarm alarm = new QueryAlarm(clock, exec, timeout)) {
            call.write(exec, out, n -> {
                rows[0] += n;
                if (call.holdsEveryResult() && rows[0] > MAX_TABLE_ROWS) {
                    throw new EndpointError(409, "Not handed off: a table of more than " + MAX_TABLE_ROWS
                            + " rows is held whole before it is written.", -1, null);
                }
            });
        } catch (RuntimeException e) {
            throw QueryAnswer.explained(e, System.nanoTime() - started, timeout);
        }
    }
}
