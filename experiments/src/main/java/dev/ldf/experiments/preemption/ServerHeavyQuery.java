package dev.ldf.experiments.preemption;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.expr.E_Equals;
import org.apache.jena.sparql.expr.E_Str;
import org.apache.jena.sparql.expr.ExprVar;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.syntax.ElementFilter;
import org.apache.jena.sparql.syntax.ElementGroup;
import dev.ldf.watdiv.workload.Workload;

/** A query made as long for the server and as light for its client as it can be, for the convoy part. */
final class ServerHeavyQuery {

    private ServerHeavyQuery() {}

    /**
     * {@code q} with a filter that no solution passes: a server that evaluates filters computes
     * every solution of the pattern and sends none, which makes the query as long for the server
     * and as light for its client as it can be.
     */
    static Workload.Entry of(Workload.Entry q) {
        Query query = QueryFactory.create(q.sparql());
        if (!(query.getQueryPattern() instanceof ElementGroup group) || query.getResultVars().isEmpty()) {
            throw new IllegalArgumentException("Not a SELECT query with a group pattern: " + q.name());
        }
        group.addElementFilter(new ElementFilter(new E_Equals(new E_Str(new ExprVar(query.getResultVars().get(0))),
                NodeValue.makeString("no solution has this value"))));
        // A workload file holds a query per line; Jena escapes line breaks inside literals.
        return new Workload.Entry(q.name(), query.serialize().strip().replaceAll("\\s*\\R\\s*", " "));
    }
}
