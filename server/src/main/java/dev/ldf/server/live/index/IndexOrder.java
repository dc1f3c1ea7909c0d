package dev.ldf.server.live.index;

import dev.ldf.server.live.index.SortedRun.Keys;



/** The three orders of a {@link TripleIndex}, each a permutation of (subject, predicate, object). */
enum IndexOrder {
    SPO, POS, OSP;

    Keys keys(int s, int p, int o) {
        return switch (this) {
            case SPO -> new Keys(s, p, o);
            case POS -> new Keys(p, o, s);
            case OSP -> new Keys(o, s, p);
        };
    }

    /** Subject, predicate and object numbers of keys in this order. */
    Keys spo(Keys k) {
        return switch (this) {
            case SPO -> k;
            case POS -> new Keys(k.c(), k.a(), k.b());
            case OSP -> new Keys(k.b(), k.c(), k.a());
        };
    }
}
