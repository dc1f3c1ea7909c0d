package dev.ldf.server.preemption;

import java.io.IOException;
import java.io.OutputStream;
import java.util.List;
import java.util.Locale;

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
 * Writes one quantum's solutions. JSON is SPARQL 1.1 Query Results JSON with two members after
 * {@code results}: {@code next}, the continuation token (absent when the query is complete), and
 * {@code stats}. XML, CSV and TSV come from Jena's writers; their token travels in a header.
 */
public final class ResultsWriter {

    private static final JsonFactory JSON = new JsonFactory();

    /** What a quantum did, for the client's statistics. */
    /**
     * What a request cost: parsing the query, queueing for a place to run ({@code waitMillis}),
     * resuming (token check and plan restore), running, suspending (saving and signing the plan).
     */
    public record Stats(long solutions, long rows, double parseMillis, double waitMillis, double resumeMillis, double runMillis,
            double suspendMillis) {}

    private ResultsWriter() {}

    public static void write(ResultsFormat format, List<Var> vars, List<Binding> solutions, String next, Stats stats,
            OutputStream out) throws IOException {
        if (format.jenaLang() == null) {
            json(vars, solutions, next, stats, out);
        } else {
            org.apache.jena.sparql.resultset.ResultsWriter.create().lang(format.jenaLang()).build()
                    .write(out, RowSetStream.create(vars, solutions.iterator()));
        }
    }

    private static void json(List<Var> vars, List<Binding> solutions, String next, Stats stats, OutputStream out)
            throws IOException {
        try (JsonGenerator g = JSON.createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
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
            for (Binding b : solutions) {
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
            if (next != null) {
                g.writeStringField("next", next);
            }
            g.writeObjectFieldStart("stats");
            g.writeNumberField("solutions", stats.solutions());
            g.writeNumberField("rows", stats.rows());
            g.writeNumberField("parseMs", round(stats.parseMillis()));
            g.writeNumberField("waitMs", round(stats.waitMillis()));
            g.writeNumberField("resumeMs", round(stats.resumeMillis()));
            g.writeNumberField("runMs", round(stats.runMillis()));
            g.writeNumberField("suspendMs", round(stats.suspendMillis()));
            g.writeEndObject();
            g.writeEndObject();
        }
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
