package dev.ldf.server.preemption;

import org.apache.jena.graph.Node;
import org.rdfhdt.hdt.enums.TripleComponentRole;

/** The dataset as the operators see it: scans, and the terms of a row in the roles a pattern needs. */
final class Terms {

    private final ResumableScans scans;

    Terms(ResumableScans scans) {
        this.scans = scans;
    }

    ResumableScans scans() {
        return scans;
    }

    /** The identifier of the slot's term in {@code role}, or -1 when the dataset has none there. */
    long id(Row row, int slot, TripleComponentRole role) {
        if (row.isNode(slot)) {
            return scans.id(row.node(slot), role);
        }
        return scans.convert(row.id(slot), row.role(slot), role);
    }

    /** The slot's term as a node, decoded once per row. */
    Node node(Row row, int slot) {
        Node node = row.node(slot);
        if (node == null) {
            node = scans.node(row.id(slot), row.role(slot));
            row.remember(slot, node);
        }
        return node;
    }
}
