package dev.ldf.client.preemption;

import org.apache.jena.atlas.io.IndentedLineBuffer;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryVisitor;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpAsQuery;
import org.apache.jena.sparql.serializer.SerializationContext;
import org.apache.jena.sparql.serializer.SerializerRegistry;

/**
 * A part of a query as SPARQL text for the endpoint, written by Jena with every literal in its
 * full form ({@code "456."^^xsd:decimal}): Jena's short forms can change a term's meaning
 * ({@code 456.} reads back as the integer 456 and the end of a triple).
 */
final class QueryText {

    private QueryText() {}

    static String of(Op op) {
        Query query = OpAsQuery.asQuery(op);
        SerializationContext context = new SerializationContext(query.getPrologue());
        context.setUsePlainLiterals(false);
        IndentedLineBuffer out = new IndentedLineBuffer();
        QueryVisitor writer = SerializerRegistry.get().getQuerySerializerFactory(Syntax.syntaxSPARQL_11)
                .create(Syntax.syntaxSPARQL_11, context, out);
        query.visit(writer);
        return out.asString();
    }
}
