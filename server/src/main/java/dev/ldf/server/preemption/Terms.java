package dev.ldf.server.preemption;

import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
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

    /** The terms of {@code variables}, in {@code slots}, that {@code row} binds: what an expression reads. */
    Binding binding(Row row, List<Var> variables, int[] slots) {
        BindingBuilder binding = BindingBuilder.create();
        for (int i = 0; i < slots.length; i++) {
            if (row.bound(slots[i])) {
                binding.add(variables.get(i), node(row, slots[i]));
            }
        }
        return binding.build();
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
