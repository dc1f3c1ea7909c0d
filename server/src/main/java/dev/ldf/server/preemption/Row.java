package dev.ldf.server.preemption;

import java.util.Arrays;

import org.apache.jena.graph.Node;
import org.rdfhdt.hdt.enums.TripleComponentRole;

/**
 * A solution as the engine builds it: per variable slot, a term kept as the HDT identifier it was
 * read as (with the role it was read in), or as a node where it came from the query (VALUES).
 * Identifiers are turned into nodes only where a filter or the response needs them.
 */
final class Row {

    static final byte UNBOUND = 0;
    static final byte NODE = 4;

    private final long[] ids;
    private final byte[] roles;
    private final Node[] nodes;

    Row(int slots) {
        this.ids = new long[slots];
        this.roles = new byte[slots];
        this.nodes = new Node[slots];
    }

    private Row(Row other) {
        this.ids = other.ids.clone();
        this.roles = other.roles.clone();
        this.nodes = other.nodes.clone();
    }

    Row copy() {
        return new Row(this);
    }

    int size() {
        return ids.length;
    }

    boolean bound(int slot) {
        return roles[slot] != UNBOUND;
    }

    /** The role the slot's identifier belongs to; only for slots bound to an identifier. */
    TripleComponentRole role(int slot) {
        return role(roles[slot]);
    }

    boolean isNode(int slot) {
        return roles[slot] == NODE;
    }

    long id(int slot) {
        return ids[slot];
    }

    /** The node of a slot bound by the query, or the one decoded earlier for an identifier (else null). */
    Node node(int slot) {
        return nodes[slot];
    }

    void bind(int slot, long id, TripleComponentRole role) {
        ids[slot] = id;
        roles[slot] = code(role);
        nodes[slot] = null;
    }

    void bind(int slot, Node node) {
        ids[slot] = 0;
        roles[slot] = NODE;
        nodes[slot] = node;
    }

    /** Binds {@code slot} as {@code other} has it bound. */
    void bindAs(Row other, int slot) {
        ids[slot] = other.ids[slot];
        roles[slot] = other.roles[slot];
        nodes[slot] = other.nodes[slot];
    }

    /** Keeps the node decoded for an identifier, so that it is decoded once per row. */
    void remember(int slot, Node node) {
        nodes[slot] = node;
    }

    void unbind(int slot) {
        roles[slot] = UNBOUND;
        nodes[slot] = null;
    }

    static byte code(TripleComponentRole role) {
        return switch (role) {
            case SUBJECT -> 1;
            case PREDICATE -> 2;
            default -> 3;
        };
    }

    static TripleComponentRole role(byte code) {
        return code == 1 ? TripleComponentRole.SUBJECT : code == 2 ? TripleComponentRole.PREDICATE : TripleComponentRole.OBJECT;
    }

    @Override
    public String toString() {
        return "Row" + Arrays.toString(ids) + Arrays.toString(roles);
    }
}
