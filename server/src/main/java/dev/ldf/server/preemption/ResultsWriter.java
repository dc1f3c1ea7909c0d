package dev.ldf.server.preemption;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.function.Supplier;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.RowSetStream;
import org.apache.jena.vocabulary.RDF;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

/**
 * Writes solutions as they come: one quantum's, or a whole answer's across quanta. JSON is SPARQL
 * 1.1 Query Results JSON with two members after {@code results}: {@code next}, the continuation
 * token (absent when the query is complete), and {@code stats}. XML, CSV and TSV come from Jena's
 * writers; their token travels in a header.
 *
 * <p>When the solutions fail on the way (a complete answer out of its budget), the document is
 * left unterminated, so that no parser takes it for the whole answer, and in JSON and XML a last
 * line after it says why; the caller then cuts the connection.
 */
public final class ResultsWriter {

    private static final JsonFactory JSON = new JsonFactory();

    /**
     * What a request cost, summed over its quanta: parsing the query, queueing for a place to run
     * ({@code waitMillis}), resuming (token check and plan restore), running, suspending (saving
     * and signing the plan).
     */
    public record Stats(long solutions, long rows, int quanta, double parseMillis, double waitMillis,
            double resumeMillis, double runMillis, double suspendMillis) {}

    /** What follows the solutions, known once they are all written: the token (null when complete) and the costs. */
    public record End(String next, Stats stats) {}

    private ResultsWriter() {}

    /** Writes {@code solutions} as they come, then what {@code end} gives. */
    public static void write(ResultsFormat format, List<Var> vars, Iterator<Binding> solutions, Supplier<End> end,
            OutputStream out) throws IOException {
        try {
            if (format.jenaLang() == null) {
                json(vars, solutions, end, out);
            } else {
                org.apache.jena.sparql.resultset.ResultsWriter.create().lang(format.jenaLang()).build()
                        .write(out, RowSetStream.create(vars, solutions));
            }
        } catch (QueryRefusedException e) {
            if (format == ResultsFormat.JSON || format == ResultsFormat.XML) {
                out.write(("\n\n" + e.message() + "\n").getBytes(StandardCharsets.UTF_8));
            }
            throw e;
        }
    }

    /** Writes the answer to an ASK query, then what {@code end} gives. */
    public static void writeBoolean(ResultsFormat format, boolean value, Supplier<End> end, OutputStream out)
            throws IOException {
        if (format.jenaLang() != null) {
            org.apache.jena.sparql.resultset.ResultsWriter.create().lang(format.jenaLang()).build().write(out, value);
            return;
        }
        JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        g.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
        g.writeStartObject();
        g.writeObjectFieldStart("head");
        g.writeEndObject();
        g.writeBooleanField("boolean", value);
        trailer(g, end.get());
        g.writeEndObject();
        g.close();
    }

    private static void json(List<Var> vars, Iterator<Binding> solutions, Supplier<End> end, OutputStream out)
            throws IOException {
        JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8);
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
        // Closing must never terminate a document whose solutions failed on the way, nor flush
        // (and so commit) a response that can still become an error.
        g.disable(JsonGenerator.Feature.AUTO_CLOSE_JSON_CONTENT);
        g.disable(JsonGenerator.Feature.FLUSH_PASSED_TO_STREAM);
        try {
            g.writeStartObject();
            g.writeObjectFieldStart("head");
            g.writeArrayFieldStart("vars");
            for (Var v : vars) {
                g.writeString(v.getVarName());
            }
            g.writeEndArray();
            g.writeEndObject();
            g.writeObjectFieldStart("results");
            g.writeArrayFieldStart("bindings");
            while (solutions.hasNext()) {
                Binding b = solutions.next();
                g.writeStartObject();
                for (Var v : vars) {
                    Node node = b.get(v);
                    if (node != null) {
                        g.writeObjectFieldStart(v.getVarName());
                        term(g, node);
                        g.writeEndObject();
                    }
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
            trailer(g, end.get());
            g.writeEndObject();
        } finally {
            g.close();
        }
    }

    /** {@code next} and {@code stats}, after the answer. */
    private static void trailer(JsonGenerator g, End end) throws IOException {
        if (end.next() != null) {
            g.writeStringField("next", end.next());
        }
        Stats stats = end.stats();
        g.writeObjectFieldStart("stats");
        g.writeNumberField("solutions", stats.solutions());
        g.writeNumberField("rows", stats.rows());
        g.writeNumberField("quanta", stats.quanta());
        g.writeNumberField("parseMs", round(stats.parseMillis()));
        g.writeNumberField("waitMs", round(stats.waitMillis()));
        g.writeNumberField("resumeMs", round(stats.resumeMillis()));
        g.writeNumberField("runMs", round(stats.runMillis()));
        g.writeNumberField("suspendMs", round(stats.suspendMillis()));
        g.writeEndObject();
    }

    private static void term(JsonGenerator g, Node node) throws IOException {
        if (node.isURI()) {
            g.writeStringField("type", "uri");
            g.writeStringField("value", node.getURI());
        } else if (node.isBlank()) {
            g.writeStringField("type", "bnode");
            g.writeStringField("value", node.getBlankNodeLabel());
        } else {
            g.writeStringField("type", "literal");
            g.writeStringField("value", node.getLiteralLexicalForm());
            String lang = node.getLiteralLanguage();
            String datatype = node.getLiteralDatatypeURI();
            if (lang != null && !lang.isEmpty()) {
                g.writeStringField("xml:lang", lang);
            } else if (datatype != null && !datatype.equals(XSDDatatype.XSDstring.getURI())
                    && !datatype.equals(RDF.langString.getURI())) {
                g.writeStringField("datatype", datatype);
            }
        }
    }

    private static double round(double millis) {
        return Double.parseDouble(String.format(Locale.ROOT, "%.3f", millis));
    }
}
