package dev.ldf.server.http;

import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.function.Supplier;

import jakarta.servlet.http.HttpServletResponse;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.server.preemption.CompleteAnswer;
import dev.ldf.server.preemption.Groups;
import dev.ldf.server.preemption.QuantumRunner;
import dev.ldf.server.preemption.QueryRefusedException;
import dev.ldf.server.preemption.ResultsFormat;
import dev.ldf.server.preemption.ResultsWriter;

/**
 * Writes what the preemptive endpoint answers, in the query's form (solutions, the groups of
 * GROUP BY and aggregates, or ASK's boolean): one quantum with its token, for a client that reads
 * continuations, or the complete answer.
 */
final class SparqlAnswers {

    /** The most groups a complete answer with GROUP BY holds; beyond, a 503 (a client that merges partial groups has no bound). */
    static final int MAX_GROUPS = 100_000;

    private SparqlAnswers() {}

    /** One quantum: its solutions, or its partial groups, or whether it found a solution; and its token. */
    static void quantum(HttpServletResponse response, ResultsFormat format, QuantumRunner.Result result,
            QueryTimings timings) throws IOException {
        List<Binding> solutions = solutions(result);
        timings.header(response);
        response.setStatus(200);
        response.setContentType(format.contentType());
        response.setHeader("Preference-Applied", SparqlParameters.CONTINUATION);
        if (result.next() != null) {
            response.setHeader(SparqlEndpoint.NEXT_HEADER, result.next());
        }
        Supplier<ResultsWriter.End> end = () -> new ResultsWriter.End(result.next(),
                timings.stats(solutions.size(), result.rows()));
        if (result.query().ask()) {
            // Until the query is complete, false only says that no solution is found yet: the token goes on.
            Representations.writeWhole(response, out -> ResultsWriter.writeBoolean(format, !solutions.isEmpty(), end, out));
        } else {
            Representations.writeWhole(response, out -> ResultsWriter.write(format, result.query().projection(),
                    solutions.iterator(), end, out));
        }
    }

    /** A quantum's solutions as a client reads them: the partial groups of a query with aggregates. */
    static List<Binding> solutions(QuantumRunner.Result result) {
        return result.query().grouping() == null ? result.solutions()
                : grouped(Groups.partial(result.query()), result.solutions().iterator());
    }

    /**
     * The complete answer. Solutions are streamed quantum after quantum; groups and ASK's boolean
     * are known only once the last quantum ran, so their failures are still plain errors.
     * {@code Server-Timing} tells of what ran before the headers went out; JSON's {@code stats}
     * add up every quantum.
     */
    static void complete(HttpServletResponse response, ResultsFormat format, CompleteAnswer answer,
            QueryTimings timings) throws IOException {
        if (answer.query().grouping() != null) {
            List<Binding> groups = grouped(Groups.complete(answer.query(), MAX_GROUPS), answer);
            begin(response, format, timings);
            Representations.writeWhole(response, out -> ResultsWriter.write(format, answer.query().projection(),
                    groups.iterator(), () -> new ResultsWriter.End(null, timings.stats(groups.size(), answer.rows())),
                    out));
        } else if (answer.query().ask()) {
            boolean found = answer.hasNext();
            begin(response, format, timings);
            Representations.writeWhole(response, out -> ResultsWriter.writeBoolean(format, found,
                    () -> new ResultsWriter.End(null, timings.stats(found ? 1 : 0, answer.rows())), out));
        } else {
            begin(response, format, timings);
            Representations.writeWhole(response, out -> {
                try {
                    ResultsWriter.write(format, answer.query().projection(), answer,
                            () -> new ResultsWriter.End(null, timings.stats(answer.delivered(), answer.rows())), out);
                } catch (QueryRefusedException e) {
                    if (response.isCommitted()) {
                        // The line that says why goes out before the connection is cut; uncommitted,
                        // the whole response becomes the error instead.
                        out.flush();
                    }
                    throw e;
                }
            });
        }
    }

    private static void begin(HttpServletResponse response, ResultsFormat format, QueryTimings timings) {
        timings.header(response);
        response.setStatus(200);
        response.setContentType(format.contentType());
    }

    private static List<Binding> grouped(Groups groups, Iterator<Binding> solutions) {
        solutions.forEachRemaining(groups::add);
        return groups.solutions();
    }
}
