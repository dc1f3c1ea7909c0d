package dev.ldf.server.preemption;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
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
import org.apache.jena.sparql.algebra.op.OpExtend;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpTable;
import org.apache.jena.sparql.algebra.op.OpUnion;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.core.VarExprList;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprAggregator;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.sparql.expr.ExprVisitorBase;
import org.apache.jena.sparql.expr.aggregate.AggAvg;
import org.apache.jena.sparql.expr.aggregate.AggCount;
import org.apache.jena.sparql.expr.aggregate.AggCountVar;
import org.apache.jena.sparql.expr.aggregate.AggMax;
import org.apache.jena.sparql.expr.aggregate.AggMin;
import org.apache.jena.sparql.expr.aggregate.AggSum;
import org.apache.jena.sparql.expr.aggregate.Aggregator;
import org.apache.jena.sparql.graph.NodeTransformLib;

/**
 * A SPARQL query in the form the preemptive endpoint runs: a SELECT or an ASK over basic graph
 * patterns combined with FILTER, UNION and VALUES, under an optional projection, with OFFSET and
 * LIMIT (a count of solutions in the saved plan), REDUCED, DISTINCT where it changes nothing, and
 * COUNT, SUM, MIN, MAX and AVG with GROUP BY on variables ({@link Groups}). Everything else
 * (OPTIONAL, MINUS, BIND, subqueries, other aggregates, HAVING, ORDER BY, other DISTINCT, property
 * paths, GRAPH, SERVICE, EXISTS, FROM) is refused by name, so that a client can evaluate it itself
 * over the supported parts. The tree is Jena's algebra, compiled but not optimised, mapped onto a
 * few node types.
 *
 * @param projection the variables of the answer: selected ones, or the groups' and aggregates'
 * @param offset     solutions to skip
 * @param limit      the most solutions to give after those, or {@link #NO_LIMIT}
 * @param ask        an ASK query: true once it has a solution (its limit is 1)
 * @param grouping   the groups and aggregates, or null for a query without them
 */
public record PreemptableQuery(List<Var> projection, Part where, long offset, long limit, boolean ask,
        Grouping grouping) {

    public static final long NO_LIMIT = -1;

    /**
     * GROUP BY and aggregates: the grouping variables (none: one group of every solution) and
     * each aggregate's variable in the answer, with the aggregate (COUNT, SUM, MIN, MAX or AVG,
     * never DISTINCT).
     */
    public record Grouping(List<Var> by, Map<Var, Aggregator> aggregates) {

        /** True when an aggregate has no partial form that a client can merge: AVG. */
        public boolean hasAverage() {
            return aggregates.values().stream().anyMatch(AggAvg.class::isInstance);
        }
    }

    /** The variables the plan produces: the projection, or what the groups and aggregates read. */
    public List<Var> inputs() {
        if (grouping == null) {
            return projection;
        }
        Set<Var> read = new LinkedHashSet<>(grouping.by());
        for (Aggregator aggregator : grouping.aggregates().values()) {
            if (aggregator.getExprList() != null) {
                aggregator.getExprList().forEach(e -> read.addAll(e.getVarsMentioned()));
            }
        }
        return List.copyOf(read);
    }

    /** True when the query skips or stops: its saved plans count the solutions so far. */
    public boolean sliced() {
        return offset > 0 || limit != NO_LIMIT;
    }

    /** A node of the WHERE clause. */
    public sealed interface Part permits Bgp, Filter, Union, Join, LeftJoin, Values, Extend {}

    /** Triple patterns, all to match. */
    public record Bgp(List<Triple> patterns) implements Part {}

    /** The solutions of {@code input} that satisfy every expression. */
    public record Filter(List<Expr> expressions, Part input) implements Part {}

    /** The solutions of {@code left}, then those of {@code right}. */
    public record Union(Part left, Part right) implements Part {}

    /** The compatible combinations of the solutions of both sides. */
    public record Join(Part left, Part right) implements Part {}

    /**
     * OPTIONAL: the compatible combinations of both sides for which every expression (the
     * OPTIONAL's own FILTER) is true, and each solution of the left that has none.
     */
    public record LeftJoin(Part left, Part right, List<Expr> expressions) implements Part {}

    /** The solutions of {@code input}, each with {@code variable} bound to the expression's value (BIND). */
    public record Extend(Var variable, Expr expression, Part input) implements Part {}

    /** Inline solutions (VALUES; also the empty group, as one empty solution). */
    public record Values(List<Var> variables, List<Binding> rows) implements Part {}

    /** Every triple pattern of the query: what it reads of the dataset. */
    public List<Triple> patterns() {
        return patternsOf(where);
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
        } else if (part instanceof LeftJoin join) {
            collect(join.left(), into);
            collect(join.right(), into);
        } else if (part instanceof Extend extend) {
            collect(extend.input(), into);
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
        if (!query.isSelectType() && !query.isAskType()) {
            throw new UnsupportedQueryException("Only SELECT and ASK queries are supported, not " + form(query));
        }
        if (!query.getGraphURIs().isEmpty() || !query.getNamedGraphURIs().isEmpty()) {
            throw new UnsupportedQueryException("FROM and FROM NAMED are not supported: the dataset is the endpoint's");
        }
        if (query.hasHaving()) {
            throw new UnsupportedQueryException("HAVING is not supported");
        }
        if (query.hasOrderBy()) {
            throw new UnsupportedQueryException("ORDER BY is not supported");
        }
        boolean grouped = query.hasGroupBy() || query.hasAggregators();
        if (grouped && (query.hasLimit() || query.hasOffset() || query.isDistinct())) {
            throw new UnsupportedQueryException("LIMIT, OFFSET and DISTINCT with GROUP BY or aggregates are not supported");
        }
        if (query.hasValues()) {
            throw new UnsupportedQueryException("VALUES after the WHERE clause is not supported; put it inside");
        }
        UnaryOperator<Node> iris = node -> node.isURI() ? terms.apply(node) : node;
        // The pattern alone: the solution modifiers are read from the query itself.
        Op op = NodeTransformLib.transform(iris::apply, Algebra.compile(query.getQueryPattern()));
        Part where = part(op, iris);
        if (!grouped) {
            // Expressions in SELECT, after the pattern and in their order, as BIND would.
            VarExprList project = query.getProject();
            for (Var v : project.getVars()) {
                Expr e = project.getExpr(v);
                if (e != null) {
                    checkExpression(e);
                    where = new Extend(v, e.applyNodeTransform(iris::apply), where);
                }
            }
        }
        List<Var> projection = query.isAskType() ? List.of() : List.copyOf(query.getProjectVars());
        if (query.isDistinct() && !distinctAlready(where, projection)) {
            throw new UnsupportedQueryException("DISTINCT is supported where it removes nothing: every variable of "
                    + "the pattern selected, and no UNION or VALUES; this one would have to remember solutions across "
                    + "quanta");
        }
        long offset = query.hasOffset() ? query.getOffset() : 0;
        long limit = query.hasLimit() ? query.getLimit() : NO_LIMIT;
        if (query.isAskType()) {
            limit = limit == NO_LIMIT ? 1 : Math.min(limit, 1);
        }
        return new PreemptableQuery(projection, where, offset, limit, query.isAskType(),
                grouped ? grouping(query, iris) : null);
    }

    /** The groups and aggregates of {@code query}, whose projection names only group variables and aggregates. */
    private static Grouping grouping(Query query, UnaryOperator<Node> iris) throws UnsupportedQueryException {
        List<Var> by = new ArrayList<>();
        for (Var v : query.getGroupBy().getVars()) {
            if (query.getGroupBy().getExpr(v) != null) {
                throw new UnsupportedQueryException("GROUP BY an expression is not supported; group by variables");
            }
            by.add(v);
        }
        Map<Var, Aggregator> internal = new HashMap<>();
        for (ExprAggregator aggregate : query.getAggregators()) {
            Aggregator aggregator = aggregate.getAggregator();
            if (!(aggregator instanceof AggCount || aggregator instanceof AggCountVar || aggregator instanceof AggSum
                    || aggregator instanceof AggMin || aggregator instanceof AggMax || aggregator instanceof AggAvg)) {
                throw new UnsupportedQueryException(aggregator.getName() + (aggregator.key().contains("distinct")
                        ? " with DISTINCT would have to remember values across quanta; it" : "") + " is not supported: "
                        + "the endpoint runs COUNT, SUM, MIN, MAX and AVG");
            }
            internal.put(aggregate.getVar(), aggregator.copyTransform(iris::apply));
        }
        Map<Var, Aggregator> aggregates = new LinkedHashMap<>();
        VarExprList project = query.getProject();
        for (Var v : project.getVars()) {
            Expr e = project.getExpr(v);
            if (e == null) {
                continue; // a group variable: Jena refuses any other when it parses
            }
            Aggregator aggregator = e instanceof ExprAggregator aggregate ? internal.get(aggregate.getVar())
                    : e.isVariable() ? internal.get(e.asVar()) : null;
            if (aggregator == null) {
                throw new UnsupportedQueryException("An expression in SELECT other than one aggregate is not supported: "
                        + "(" + e + " AS ?" + v.getVarName() + ")");
            }
            aggregates.put(v, aggregator);
        }
        return new Grouping(List.copyOf(by), aggregates);
    }

    /**
     * True when the solutions of {@code where}, cut to {@code projection}, have no duplicates:
     * the matches of triple patterns in a set of triples are distinct over all their variables,
     * and so are joins and filters of them; UNION and VALUES can repeat a solution.
     */
    private static boolean distinctAlready(Part where, List<Var> projection) {
        if (!withoutRepeats(where)) {
            return false;
        }
        for (Triple pattern : patternsOf(where)) {
            for (Node node : List.of(pattern.getSubject(), pattern.getPredicate(), pattern.getObject())) {
                if (node.isVariable() && !projection.contains(Var.alloc(node))) {
                    return false;
                }
            }
        }
        return true;
    }

    private static boolean withoutRepeats(Part part) {
        if (part instanceof Bgp) {
            return true;
        }
        if (part instanceof Filter filter) {
            return withoutRepeats(filter.input());
        }
        if (part instanceof Join join) {
            return withoutRepeats(join.left()) && withoutRepeats(join.right());
        }
        if (part instanceof LeftJoin join) {
            return withoutRepeats(join.left()) && withoutRepeats(join.right());
        }
        if (part instanceof Extend extend) {
            return withoutRepeats(extend.input());
        }
        return false;
    }

    private static List<Triple> patternsOf(Part part) {
        List<Triple> patterns = new ArrayList<>();
        collect(part, patterns);
        return patterns;
    }

    private static String form(Query query) {
        return query.isConstructType() ? "CONSTRUCT" : query.isDescribeType() ? "DESCRIBE" : "JSON";
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
        if (op instanceof OpLeftJoin join) {
            List<Expr> expressions = new ArrayList<>();
            if (join.getExprs() != null) {
                for (Expr e : join.getExprs()) {
                    checkExpression(e);
                    expressions.add(e);
                }
            }
            return new LeftJoin(part(join.getLeft(), terms), part(join.getRight(), terms), List.copyOf(expressions));
        }
        if (op instanceof OpExtend extend) {
            Part input = part(extend.getSubOp(), terms);
            for (Var v : extend.getVarExprList().getVars()) {
                Expr e = extend.getVarExprList().getExpr(v);
                checkExpression(e);
                input = new Extend(v, e, input);
            }
            return input;
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
                + "patterns with FILTER, UNION, VALUES, BIND and OPTIONAL");
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
            case "conditional" -> "OPTIONAL";
            case "minus" -> "MINUS";
            case "assign" -> "LET";
            case "graph" -> "GRAPH";
            case "service" -> "SERVICE";
            case "path" -> "A property path";
            case "project", "distinct", "reduced", "slice", "order", "top", "group" -> "A subquery";
            default -> "The '" + op.getName() + "' operator";
        };
    }
}
