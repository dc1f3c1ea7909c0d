package dev.ldf.server.live.patch;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.jena.graph.Node;
import org.apache.jena.query.QueryException;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.modify.request.UpdateData;
import org.apache.jena.sparql.modify.request.UpdateDataDelete;
import org.apache.jena.sparql.modify.request.UpdateDeleteWhere;
import org.apache.jena.sparql.modify.request.UpdateModify;
import org.apache.jena.update.Update;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;

import dev.ldf.server.syntax.SparqlTermScan;

/**
 * Reads a SPARQL 1.1 Update request of {@code INSERT DATA} and {@code DELETE DATA} operations, in
 * the default graph, into a {@link ChangeSet}: the operations in order, applied whole. Jena parses
 * the request, which is therefore held in memory; RDF Patch ({@link PatchReader}) streams. Blank
 * nodes in {@code INSERT DATA} are new nodes, as SPARQL says.
 */
public final class UpdateReader {

    /**
     * The base a request without BASE is parsed against: relative IRIs are refused, where Jena
     * would resolve them against the server's working directory ({@code file:///...}) and so
     * both store a meaningless IRI and reveal where the server runs. {@code .invalid} never
     * resolves (RFC 2606).
     */
    private static final String NO_BASE = "http://relative-iri.invalid/";

    private UpdateReader() {}

    public static ChangeSet read(String request) throws BadPatchException {
        String tooLong = SparqlTermScan.problem(request);
        if (tooLong != null) {
            throw new BadPatchException(0, tooLong);
        }
        UpdateRequest parsed;
        try {
            parsed = UpdateFactory.create(request, NO_BASE);
        } catch (QueryParseException e) {
            throw new BadPatchException(Math.max(0, e.getLine()), firstLine(e.getMessage()));
        } catch (QueryException e) {
            throw new BadPatchException(0, firstLine(e.getMessage()));
        }
        List<ChangeSet.Change> changes = new ArrayList<>();
        for (Update update : parsed.getOperations()) {
            if (!(update instanceof UpdateData data)) {
                throw new BadPatchException(0, "only INSERT DATA and DELETE DATA are accepted, not " + name(update)
                        + ": ask for the triples (a fragment, or the SPARQL endpoint) and send them in DELETE DATA or "
                        + "INSERT DATA");
            }
            boolean add = !(data instanceof UpdateDataDelete);
            for (Quad quad : data.getQuads()) {
                if (!quad.isDefaultGraph()) {
                    throw new BadPatchException(0, "the dataset is one graph: changes to GRAPH <"
                            + quad.getGraph() + "> are not accepted");
                }
                if (quad.getSubject().isNodeTriple() || quad.getObject().isNodeTriple()) {
                    throw new BadPatchException(0, "triple terms (<< >>) are not supported");
                }
                for (Node node : new Node[] {quad.getSubject(), quad.getPredicate(), quad.getObject()}) {
                    checked(node, add);
                }
                changes.add(new ChangeSet.Change(add, quad.asTriple()));
            }
        }
        return new ChangeSet(changes);
    }

    /** The operation as SPARQL 1.1 Update names it, for a message: never a Java object's text. */
    private static String name(Update update) {
        if (update instanceof UpdateDeleteWhere) {
            return "DELETE WHERE";
        }
        if (update instanceof UpdateModify modify) {
            return modify.hasDeleteClause() && modify.hasInsertClause() ? "DELETE … INSERT … WHERE"
                    : modify.hasDeleteClause() ? "DELETE … WHERE" : "INSERT … WHERE";
        }
        String kind = update.getClass().getSimpleName().replaceFirst("^Update", "");
        return kind.isEmpty() ? "this operation" : kind.toUpperCase(Locale.ROOT);
    }

    private static void checked(Node node, boolean add) throws BadPatchException {
        if (node.isURI() && node.getURI().startsWith(NO_BASE)) {
            throw new BadPatchException(0, "<" + node.getURI().substring(NO_BASE.length())
                    + "> is a relative IRI, and this server resolves none: write absolute IRIs, or give a BASE");
        }
        if (node.isLiteral() && node.getLiteralDatatypeURI() != null && node.getLiteralDatatypeURI().startsWith(NO_BASE)) {
            throw new BadPatchException(0, "a literal's datatype <" + node.getLiteralDatatypeURI().substring(NO_BASE.length())
                    + "> is a relative IRI: write absolute IRIs, or give a BASE");
        }
        String problem = WritableTerms.problem(node, add);
        if (problem != null) {
            throw new BadPatchException(0, problem);
        }
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "malformed update";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
