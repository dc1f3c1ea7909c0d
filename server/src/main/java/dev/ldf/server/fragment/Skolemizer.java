package dev.ldf.server.fragment;

import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;

/**
 * Replaces a dataset's blank nodes by Skolem IRIs (RDF 1.1 Concepts, section 3.5) on the way out,
 * and those IRIs by the blank nodes again on the way in.
 *
 * <p>A blank node label is only meaningful inside one document, but a TPF client joins triples
 * from many pages: without Skolem IRIs it could never ask for the triples of a blank node it has
 * seen. The IRIs are {@code <prefix><label>}, with {@code prefix} ending in
 * {@code /.well-known/genid/<dataset>/}.
 */
public final class Skolemizer {

    private final String prefix;

    public Skolemizer(String prefix) {
        this.prefix = prefix;
    }

    public String prefix() {
        return prefix;
    }

    /** The Skolem IRI for a blank node; other terms unchanged. */
    public Node skolemize(Node node) {
        if (!node.isBlank()) {
            return node;
        }
        String label = URLEncoder.encode(node.getBlankNodeLabel(), StandardCharsets.UTF_8).replace("+", "%20");
        return NodeFactory.createURI(prefix + label);
    }

    public Triple skolemize(Triple t) {
        if (!t.getSubject().isBlank() && !t.getObject().isBlank()) {
            return t;
        }
        return Triple.create(skolemize(t.getSubject()), t.getPredicate(), skolemize(t.getObject()));
    }

    /**
     * The blank node for one of this skolemizer's IRIs; other terms unchanged.
     *
     * @throws BadRequestException for an IRI under the prefix whose label is not percent-encoded
     *                             UTF-8: no blank node has it, and it is no valid IRI either
     */
    public Node deskolemize(Node node) {
        if (node.isURI() && node.getURI().startsWith(prefix) && node.getURI().length() > prefix.length()) {
            return NodeFactory.createBlankNode(label(node.getURI().substring(prefix.length())));
        }
        return node;
    }

    /** Decodes a label strictly: '%' and two hex digits per byte, UTF-8, '+' as itself. */
    private static String label(String encoded) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(encoded.length());
        for (int i = 0; i < encoded.length(); i++) {
            int percent = encoded.indexOf('%', i);
            if (percent != i) {
                int end = percent < 0 ? encoded.length() : percent;
                bytes.writeBytes(encoded.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end - 1;
                continue;
            }
            int high = i + 2 < encoded.length() ? Character.digit(encoded.charAt(i + 1), 16) : -1;
            int low = high < 0 ? -1 : Character.digit(encoded.charAt(i + 2), 16);
            if (low < 0) {
                throw badLabel(encoded);
            }
            bytes.write(high << 4 | low);
            i += 2;
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            throw badLabel(encoded);
        }
    }

    private static BadRequestException badLabel(String encoded) {
        String shown = encoded.length() > 60 ? encoded.substring(0, 60) + "..." : encoded;
        return new BadRequestException("'" + shown + "' after /.well-known/genid/ is no blank node's name: "
                + "a malformed percent escape or invalid UTF-8.");
    }

    public Triple deskolemize(Triple t) {
        Node s = deskolemize(t.getSubject());
        Node o = deskolemize(t.getObject());
        return s == t.getSubject() && o == t.getObject() ? t : Triple.create(s, t.getPredicate(), o);
    }

    public TriplePattern deskolemize(TriplePattern pattern) {
        return new TriplePattern(deskolemize(pattern.subject()), deskolemize(pattern.predicate()),
                deskolemize(pattern.object()));
    }
}
