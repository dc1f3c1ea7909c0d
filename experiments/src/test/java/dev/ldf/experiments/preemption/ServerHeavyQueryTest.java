package dev.ldf.experiments.preemption;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.junit.jupiter.api.Test;

import dev.ldf.watdiv.workload.Workload;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

/** The convoy part's long queries: the same pattern, a filter no solution passes, one line. */
class ServerHeavyQueryTest {

    @Test
    void addsAFilterOnTheFirstVariableThatNoSolutionPasses() {
        Workload.Entry q = new Workload.Entry("T4#47", "PREFIX wsdbm: <http://db.uwaterloo.ca/~galuc/wsdbm/> "
                + "SELECT * WHERE { ?v0 wsdbm:likes ?v1 . ?v1 wsdbm:hasGenre \"a\\nb\" . }");
        Workload.Entry heavy = ServerHeavyQuery.of(q);
        assertEquals("T4#47", heavy.name());
        assertFalse(heavy.sparql().contains("\n"), "a workload file holds one query per line");
        Query parsed = QueryFactory.create(heavy.sparql());
        OpFilter filter = assertInstanceOf(OpFilter.class, Algebra.compile(parsed));
        assertEquals("(= (str ?v0) \"no solution has this value\")", filter.getExprs().get(0).toString());
        assertEquals(Algebra.compile(QueryFactory.create(q.sparql())), filter.getSubOp(), "the pattern is unchanged");
    }

    @Test
    void refusesWhatIsNotASelectQuery() {
        assertThrows(IllegalArgumentException.class, () -> ServerHeavyQuery.of(
                new Workload.Entry("ask", "ASK { ?s ?p ?o }")));
    }
}
