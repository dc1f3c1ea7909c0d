package dev.ldf.experiments.run;

import java.util.Random;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;

import dev.ldf.hdt.term.HdtTerms;

/**
 * Triple patterns of a shape such as {@code S?O} (S, P, O bound; {@code ?} a variable) drawn from
 * an HDT file: a triple at a random position, with the unbound parts cleared, so that every
 * pattern has at least one match and large fragments come up as often as the data has them.
 */
public final class ShapedPatterns {

    private ShapedPatterns() {}

    /** A pattern of {@code shape} by ids (0 where a variable is), from a triple at a random position. */
    public static TripleID draw(HDT hdt, String shape, Random random) {
        IteratorTripleID all = hdt.getTriples().searchAll();
        all.goTo((long) (random.nextDouble() * hdt.getTriples().getNumberOfElements()));
        TripleID t = all.next();
        return new TripleID(shape.charAt(0) == 'S' ? t.getSubject() : 0, shape.charAt(1) == 'P' ? t.getPredicate() : 0,
                shape.charAt(2) == 'O' ? t.getObject() : 0);
    }

    /** {@code pattern} spelled out, with {@code s}, {@code p} and {@code o} where it has variables. */
    public static Triple spelled(HDT hdt, TripleID pattern, Node s, Node p, Node o) {
        return Triple.create(pattern.getSubject() == 0 ? s : node(hdt, pattern.getSubject(), TripleComponentRole.SUBJECT),
                pattern.getPredicate() == 0 ? p : node(hdt, pattern.getPredicate(), TripleComponentRole.PREDICATE),
                pattern.getObject() == 0 ? o : node(hdt, pattern.getObject(), TripleComponentRole.OBJECT));
    }

    private static Node node(HDT hdt, long id, TripleComponentRole role) {
        return HdtTerms.toNode(hdt.getDictionary().idToString(id, role));
    }
}
