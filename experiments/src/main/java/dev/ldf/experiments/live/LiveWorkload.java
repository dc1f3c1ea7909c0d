package dev.ldf.experiments.live;

import java.io.IOException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;

/** What the live-data experiment sends and reads: patches of new triples, and first pages of patterns drawn from the file. */
final class LiveWorkload {

    static final String NS = "http://ldf.dev/live/";

    private LiveWorkload() {}

    static String term(String hdt) {
        return hdt.startsWith("\"") ? hdt : "<" + hdt + ">";
    }

    /** A patch of {@code triples} new triples about new subjects, with WatDiv's vocabulary. */
    static byte[] patch(int triples, String batch, long number) {
        StringBuilder rows = new StringBuilder(triples * 110).append("TX .\n");
        for (int i = 0; i < triples; i++) {
            String subject = NS + batch + "/" + number + "/" + (i / 10);
            rows.append("A <").append(subject).append("> <http://db.uwaterloo.ca/~galuc/wsdbm/likes> <")
                    .append("http://db.uwaterloo.ca/~galuc/wsdbm/Product").append((number * 31 + i) % 25_000)
                    .append("> .\n");
        }
        return rows.append("TC .\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Query strings of first pages: ?s p ?o, s ?p ?o and ?s p o from triples spread over the file.
     * The triples are reached by position and only they are spelled out: at 100 million triples,
     * spelling every triple to keep one in 50,000 took minutes.
     */
    static List<String> patterns(Path hdt, int count, long seed) throws IOException {
        List<String> patterns = new ArrayList<>();
        Random random = new Random(seed);
        try (HDT file = HDTManager.mapIndexedHDT(hdt)) {
            long n = file.getTriples().getNumberOfElements();
            IteratorTripleID it = file.getTriples().searchAll();
            Dictionary dictionary = file.getDictionary();
            long step = Math.max(1, n / count);
            for (long position = 0; position < n && patterns.size() < count; position += step) {
                it.goTo(position);
                TripleID t = it.next();
                String s = dictionary.idToString(t.getSubject(), TripleComponentRole.SUBJECT).toString();
                String p = dictionary.idToString(t.getPredicate(), TripleComponentRole.PREDICATE).toString();
                String o = dictionary.idToString(t.getObject(), TripleComponentRole.OBJECT).toString();
                patterns.add(switch (random.nextInt(3)) {
                    case 0 -> "predicate=" + enc(p);
                    case 1 -> s.startsWith("_:") ? "predicate=" + enc(p) : "subject=" + enc(s);
                    default -> "predicate=" + enc(p) + "&object=" + enc(o.startsWith("\"") ? o.replace("^^<", "^^")
                            .replaceAll(">$", "") : o);
                });
            }
        }
        return patterns;
    }

    static String enc(String term) {
        return URLEncoder.encode(term, StandardCharsets.UTF_8);
    }
}
