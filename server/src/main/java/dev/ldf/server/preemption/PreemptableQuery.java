package dev.ldf.server.preemption;

import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.Syntax;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.walker.Walker;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpProject;
import org.apache.jena.sparql.algebra.op.OpTable;
import org.apache.jena.sparql.algebra.op.OpUnion;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.sparql.expr.ExprVisitorBase;
import org.apache.jena.sparql.graph.NodeTransformLib;

/**
 * A SPARQL SELECT query in the form the preemptive endpoint runs: basic graph patterns combined
 * with FILTER, UNION and VALUES, under an optional projection. Everything else (OPTIONAL, MINUS,
 * BIND, subqueries, aggregates, ORDER BY, DISTINCT, LIMIT, property paths, GRAPH, SERVICE,
 * EXISTS, FROM) is refused by name, so that a client can evaluate it itself over the supported
 * parts. The tree is Jena's algebra, compiled but not optimised, mapped onto a few node types.
 */
public record PreemptableQuery(List<Var> projection, Part where) {

    /** A node of the WHERE clause. */
    public sealed interface Part permits Bgp, Filter, Union, Join, Values {}

    /** Triple patterns, all to match. */
    public record Bgp(List<Triple> patterns) implements Part {}

    /** The solutions of {@code input} that satisfy every expression. */
    public record Filter(List<Expr> expressions, Part input) implements Part {}

    /** The solutions of {@code left}, then those of {@code right}. */
    public record Union(Part left, Part right) implements Part {}

    /** The compatible combinations of the solutions of both sides. */
    public record Join(Part left, Part right) implements Part {}

    /** Inline solutions (VALUES; also the empty group, as one empty solution). */
    public record Values(List<Var> variables, List<Binding> rows) implements Part {}

    /** Every triple pattern of the query: what it reads of the dataset. */
    public List<Triple> patterns() {
        List<Triple> patterns = new ArrayList<>();
        collect(where, patterns);
        return patterns;
    }

    private static void collect(Part part, List<Triple> into) {
        if (part instanceof Bgp bgp) {
            into.addAll(bgp.patterns());
        } else if (part instanceof Filter filter) {
            collect(filter.input(), into);
        } else if (part instanceof Union union) {
            collect(union.left(), into);
            collect(union.right(), into);
        } else if (part instanceof Join join) {
            collect(join.left(), into);
            collect(join.right(), into);
        }
    }

    /**
     * Parses and checks {@code text}.
     *
     * @throws QueryParseException       when it is not SPARQL 1.1
     * @throws UnsupportedQueryException when it uses a form the endpoint does not run
     */
    public static PreemptableQuery parse(String text) throws UnsupportedQueryException {
        return parse(text, node -> node);
    }

    /**
     * Parses and checks {@code text}, replacing every term of the query with what {@code terms}
     * makes of it (Skolem IRIs back into the blank nodes they name).
     *
     * @throws QueryParseException       when it is not SPARQL 1.1
     * @throws UnsupportedQueryException when it uses a form the endpoint does not run
     */
    public static PreemptableQuery parse(String text, UnaryOperator<Node> terms)
            throws UnsupportedQueryException {
        Query query = QueryFactory.create(text, Syntax.syntaxSPARQL_11);
        if (!query.isSelectType()) {
            throw new UnsupportedQueryException("Only SELECT queries are supported, not " + form(query));
        }
        if (!query.getGraphURIs().isEmpty() || !query.getNamedGraphURIs().isEmpty()) {
            throw new UnsupportedQueryException("FROM and FROM NAMED are not supported: the dataset is the endpoint's");
        }
        if (query.hasGroupBy() || query.hasAggregators() || query.hasHaving()) {
            throw new UnsupportedQueryException("GROUP BY, HAVING and aggregates are not supported");
        }
        if (query.hasOrderBy()) {
            throw new UnsupportedQueryException("ORDER BY is not supported");
        }
        if (query.isDistinct() || query.isReduced()) {
            throw new UnsupportedQueryException("DISTINCT and REDUCED are not supported");
        }
        if (query.hasLimit() || query.hasOffset()) {
            throw new UnsupportedQueryException("LIMIT and OFFSET are not supported");
        }
        if (query.hasValues()) {
            throw new UnsupportedQueryException("VALUES after the WHERE clause is not supported; put it inside");
        }
        UnaryOperator<Node> iris = node -> node.isURI() ? terms.apply(node) : node;
        Op op = NodeTransformLib.transform(iris::apply, Algebra.compile(query));
        List<Var> projection = null;
        if (op instanceof OpProject project) {
            projection = List.copyOf(project.getVars());
            op = project.getSubOp();
        }
        return new PreemptableQuery(projection == null ? List.copyOf(query.getProjectVars()) : projection, part(op, iris));
    }

    private static String form(Query query) {
        return query.isAskType() ? "ASK" : query.isConstructType() ? "CONSTRUCT" : query.isDescribeType() ? "DESCRIBE"
                : "JSON";
    }

    /** The query's parts; {@code terms} for the rows of VALUES, which Jena's node transform leaves as they are. */
    private static Part part(Op op, UnaryOperator<Node> terms) throws UnsupportedQueryException {
        if (op instanceof OpBGP bgp) {
            return new Bgp(List.copyOf(bgp.getPattern().getList()));
        }
        if (op instanceof OpFilter filter) {
            List<Expr> expressions = new ArrayList<>();
            for (Expr e : filter.getExprs()) {
                checkExpression(e);
                expressions.add(e);
            }
            return new Filter(List.copyOf(expressions), part(filter.getSubOp(), terms));
        }
        if (op instanceof OpUnion union) {
            return new Union(part(union.getLeft(), terms), part(union.getRight(), terms));
        }
        if (op instanceof OpJoin join) {
            return new Join(part(join.getLeft(), terms), part(join.getRight(), terms));
        }
        if (op instanceof OpTable table) {
            List<Binding> rows = new ArrayList<>();
            table.getTable().rows().forEachRemaining(row -> {
                BindingBuilder replaced = BindingBuilder.create();
                row.forEach((v, node) -> replaced.add(v, terms.apply(node)));
                rows.add(replaced.build());
            });
            return new Values(List.copyOf(table.getTable().getVars()), List.copyOf(rows));
        }
        throw new UnsupportedQueryException(unsupported(op) + " is not supported; the endpoint runs basic graph "
                + "patterns with FILTER, UNION and VALUES");
    }

    /** EXISTS and NOT EXISTS evaluate a pattern per solution: not a plan the endpoint can suspend. */
    private static void checkExpression(Expr e) throws UnsupportedQueryException {
        boolean[] exists = {false};
        Walker.walk(e, new ExprVisitorBase() {
            @Override
            public void visit(ExprFunctionOp funcOp) {
                exists[0] = true;
            }
        });
        if (exists[0]) {
            throw new UnsupportedQueryException("FILTER EXISTS and NOT EXISTS are not supported");
        }
    }

    /** The SPARQL keyword behind an algebra operator, as the query's author wrote it. */
    private static String unsupported(Op op) {
        return switch (op.getName()) {
            case "leftjoin", "conditional" -> "OPTIONAL";
            case "minus" -> "MINUS";
            case "extend", "assign" -> "BIND (or an expression in SELECT)";
            case "graph" -> "GRAPH";
            case "service" -> "SERVICE";
            case "path" -> "A property path";
            case "project", "distinct", "reduced", "slice", "order", "group" -> "A subquery";
            default -> "The '" + op.getName() + "' operator";
        };
    }
}
