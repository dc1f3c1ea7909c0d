package dev.ldf.server.live.read;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.jena.graph.Triple;

import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.PageTriples;
import dev.ldf.server.fragment.PageTriples.EncodedTripleConsumer;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.index.Overlay;

/**
 * A whole fragment of a base and its overlay, streamed: the base's matches less the deleted ones,
 * then the added ones. The pattern's changes are copied when it is made (under the dataset's read
 * lock), so that writers need not wait for a long dump.
 */
public final class MergedDump {

    private final HdtDatasource base;
    private final Set<Spelling> deleted;
    private final List<Triple> added;

    private MergedDump(HdtDatasource base, Set<Spelling> deleted, List<Triple> added) {
        this.base = base;
        this.deleted = deleted;
        this.added = added;
    }

    public static MergedDump of(HdtDatasource base, Overlay overlay, TriplePattern pattern) {
        Set<Spelling> deleted = new HashSet<>();
        List<Triple> added = new ArrayList<>();
        overlay.deleted(pattern).forEachRemaining(t -> deleted.add(Spelling.of(t)));
        overlay.added(pattern).forEachRemaining(added::add);
        return new MergedDump(base, deleted, added);
    }

    public void export(TriplePattern pattern, EncodedTripleConsumer consumer) throws IOException {
        if (deleted.isEmpty()) {
            base.export(pattern, consumer);
        } else {
            base.export(pattern, (s, sl, p, pl, o, ol) -> {
                if (!deleted.contains(new Spelling(text(s, sl), text(p, pl), text(o, ol)))) {
                    consumer.triple(s, sl, p, pl, o, ol);
                }
            });
        }
        PageTriples.of(added).forEachEncoded(consumer);
    }

    /** A triple as the dictionary spells its terms. */
    private record Spelling(String s, String p, String o) {
        static Spelling of(Triple t) {
            return new Spelling(HdtTerms.toHdt(t.getSubject()), HdtTerms.toHdt(t.getPredicate()),
                    HdtTerms.toHdt(t.getObject()));
        }
    }

    private static String text(byte[] bytes, int length) {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
    }
}
