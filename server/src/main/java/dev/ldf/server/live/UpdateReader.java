package dev.ldf.server.live;

import java.util.ArrayList;
import java.util.List;

import org.apache.jena.query.QueryException;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.modify.request.UpdateData;
import org.apache.jena.sparql.modify.request.UpdateDataDelete;
import org.apache.jena.update.Update;
import org.apache.jena.update.UpdateFactory;
import org.apache.jena.update.UpdateRequest;

/**
 * Reads a SPARQL 1.1 Update request of {@code INSERT DATA} and {@code DELETE DATA} operations, in
 * the default graph, into a {@link ChangeSet}: the operations in order, applied whole. Jena parses
 * the request, which is therefore held in memory; RDF Patch ({@link PatchReader}) streams. Blank
 * nodes in {@code INSERT DATA} are new nodes, as SPARQL says.
 */
public final class UpdateReader {

    private UpdateReader() {}

    public static ChangeSet read(String request) throws BadPatchException {
        UpdateRequest parsed;
        try {
            parsed = UpdateFactory.create(request);
        } catch (QueryParseException e) {
            throw new BadPatchException(Math.max(0, e.getLine()), firstLine(e.getMessage()));
        } catch (QueryException e) {
            throw new BadPatchException(0, firstLine(e.getMessage()));
        }
        List<ChangeSet.Change> changes = new ArrayList<>();
        for (Update update : parsed.getOperations()) {
            if (!(update instanceof UpdateData data)) {
                throw new BadPatchException(0, "only INSERT DATA and DELETE DATA are accepted, not "
                        + firstLine(update.toString().strip()));
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
                changes.add(new ChangeSet.Change(add, quad.asTriple()));
            }
        }
        return new ChangeSet(changes);
    }

    private static String firstLine(String message) {
        if (message == null) {
            return "malformed update";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message : message.substring(0, nl);
    }
}
