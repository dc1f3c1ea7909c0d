package dev.ldf.server.hdt;

import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.vocabulary.XSD;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.util.string.ByteString;
import org.rdfhdt.hdt.util.string.CompactString;
import org.rdfhdt.hdt.util.string.DelayedString;

import dev.ldf.hdt.mapped.MappedDictionary;
import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.hdt.term.TermReader;
import dev.ldf.server.fragment.TriplePattern;

/**
 * Between terms and the dictionary's identifiers: a pattern's terms to identifiers (finding
 * literals that other HDT generators spell differently), and identifiers back to terms as a
 * writer consumes a page, as Jena nodes or as the dictionary's own bytes. Predicates, few and on
 * every page, are decoded once. Thread-safe.
 */
final class TermIds {

    private final Dictionary dictionary;
    private final Node[] predicates;
    private final ByteString[] predicateBytes;

    TermIds(Dictionary dictionary) {
        this.dictionary = dictionary;
        int count = Math.toIntExact(dictionary.getNpredicates()) + 1;
        this.predicates = new Node[count];
        this.predicateBytes = new ByteString[count];
    }

    /**
     * Resolves the patterns of one selector, looking each term up once: a brTPF selector repeats
     * the pattern's constants in every one of its patterns. Not thread-safe.
     */
    Lookup lookup() {
        return new Lookup();
    }

    /** Resolves patterns, remembering each term's identifier per role. */
    final class Lookup {
        private final Memo subjects = new Memo(TripleComponentRole.SUBJECT);
        private final Memo predicates = new Memo(TripleComponentRole.PREDICATE);
        private final Memo objects = new Memo(TripleComponentRole.OBJECT);

        /** The identifiers of the pattern's terms, or null when a term is not in the dataset. */
        PatternIds resolve(TriplePattern pattern) {
            // A term the dataset lacks ends the lookup: new triples (live writes) mostly have new subjects.
            long subject = subjects.id(pattern.subject());
            if (subject < 0) {
                return null;
            }
            long predicate = predicates.id(pattern.predicate());
            if (predicate < 0) {
                return null;
            }
            long object = objects.id(pattern.object());
            if (object < 0) {
                return null;
            }
            return new PatternIds(subject, predicate, object, RepeatedVariables.of(pattern));
        }
    }

    /**
     * One role's identifiers already looked up: the last term inline, the others in a map made only
     * once a second term comes, so that a fragment's one pattern allocates no map.
     */
    private final class Memo {
        private final TripleComponentRole role;
        private Node last;
        private long lastId;
        private Map<Node, Long> earlier;

        Memo(TripleComponentRole role) {
            this.role = role;
        }

        long id(Node term) {
            if (term.equals(last)) {
                return lastId;
            }
            Long known = earlier == null ? null : earlier.get(term);
            long id = known != null ? known : TermIds.this.id(term, role);
            if (last != null) {
                if (earlier == null) {
                    earlier = new HashMap<>();
                }
                earlier.put(last, lastId);
            }
            last = term;
            lastId = id;
            return id;
        }
    }

    Node subject(long id) {
        return HdtTerms.toNode(dictionary.idToString(id, TripleComponentRole.SUBJECT));
    }

    Node predicate(long id) {
        Node node = predicates[(int) id];
        if (node == null) {
            // Benign race: terms are immutable and equal whichever thread builds them.
            node = HdtTerms.toNode(dictionary.idToString(id, TripleComponentRole.PREDICATE));
            predicates[(int) id] = node;
        }
        return node;
    }

    Node object(long id) {
        return HdtTerms.toNode(dictionary.idToString(id, TripleComponentRole.OBJECT));
    }

    /** The UTF-8 bytes of a predicate as the dictionary spells it ({@link HdtTerms}), decoded once. */
    ByteString predicateBytes(long id) {
        ByteString bytes = predicateBytes[(int) id];
        if (bytes == null) {
            // A copy: a mapped dictionary may hand out views of buffers it reuses.
            bytes = new CompactString(utf8(dictionary.idToString(id, TripleComponentRole.PREDICATE)));
            predicateBytes[(int) id] = bytes;
        }
        return bytes;
    }

    /**
     * Terms to bytes for one consumer: in place from a dictionary read from the mapped file, through
     * hdt-java's strings from a loaded one.
     */
    TermReader reader() {
        if (dictionary instanceof MappedDictionary mapped) {
            return mapped.reader();
        }
        return new TermReader() {
            private ByteString term;

            @Override
            public boolean decode(long id, TripleComponentRole role) {
                CharSequence found = dictionary.idToString(id, role);
                term = found == null ? null : utf8(found);
                return term != null;
            }

            @Override
            public byte[] bytes() {
                return term.getBuffer();
            }

            @Override
            public int length() {
                return term.length();
            }
        };
    }

    private static ByteString utf8(CharSequence term) {
        CharSequence unwrapped = DelayedString.unwrap(term);
        if (unwrapped instanceof ByteString bytes) {
            return bytes;
        }
        return new CompactString(unwrapped.toString().getBytes(StandardCharsets.UTF_8));
    }

    /** 0 for a variable, -1 for a term the dataset does not hold in that role. */
    long id(Node node, TripleComponentRole role) {
        if (TriplePattern.isVariable(node)) {
            return 0;
        }
        if (node.isLiteral() && role != TripleComponentRole.OBJECT) {
            return -1;
        }
        long id = dictionary.stringToId(HdtTerms.toHdt(node), role);
        if (id <= 0 && node.isLiteral()) {
            id = alternativeLiteralId(node, role);
        }
        return id > 0 ? id : -1;
    }

    /**
     * Literals that other HDT generators spell differently: an explicit {@code xsd:string}
     * datatype, or a language tag in its original case.
     */
    private long alternativeLiteralId(Node literal, TripleComponentRole role) {
        String lex = literal.getLiteralLexicalForm();
        String lang = literal.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
            return dictionary.stringToId('"' + lex + "\"@" + lang, role);
        }
        String datatype = literal.getLiteralDatatypeURI();
        if (datatype == null || datatype.equals(XSD.xstring.getURI())) {
            return dictionary.stringToId('"' + lex + "\"^^<" + XSD.xstring.getURI() + '>', role);
        }
        return -1;
    }
}
