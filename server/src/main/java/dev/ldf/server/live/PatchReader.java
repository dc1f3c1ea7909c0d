package dev.ldf.server.live;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.RiotParseException;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.riot.tokens.Token;
import org.apache.jena.riot.tokens.TokenType;
import org.apache.jena.riot.tokens.Tokenizer;
import org.apache.jena.riot.tokens.TokenizerText;

/**
 * Reads RDF Patch text (https://afs.github.io/rdf-patch/) into a {@link ChangeSet}, streaming: the
 * body is read token by token with Jena RIOT's tokenizer, and only the changes are kept.
 *
 * <p>Rows: {@code A} and {@code D} (a triple, or a quad in the default graph), {@code TX},
 * {@code TC} and {@code TA} (a transaction's rows are dropped when it aborts), {@code H} and
 * {@code PA}/{@code PD} (read and ignored: prefixes are the configuration's). The whole body is
 * one patch. Blank nodes are {@code _:label} or {@code <_:label>}, labels kept as written. Every
 * error names its line. (jena-rdfpatch's own text reader drops a blank node label's first
 * character and cannot say on which line a well-formed but unusable row stands.)
 */
public final class PatchReader {

    private static final Pattern ABSOLUTE_IRI = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*");
    private static final String JENA_DEFAULT_GRAPH = "urn:x-arq:DefaultGraph";

    private PatchReader() {}

    /** Reads the whole of {@code in} (UTF-8). */
    public static ChangeSet read(InputStream in) throws BadPatchException {
        Tokenizer tokens = TokenizerText.create().source(in)
                .errorHandler(ErrorHandlerFactory.errorHandlerExceptionOnError()).build();
        List<ChangeSet.Change> changes = new ArrayList<>();
        int transactionStart = -1;
        long transactionLine = 0;
        try {
            while (tokens.hasNext()) {
                Token code = tokens.next();
                long line = code.getLine();
                if (!code.isWord()) {
                    throw new BadPatchException(line, "a row starts with A, D, TX, TC, TA, H, PA or PD, not "
                            + code.text());
                }
                switch (code.getImage()) {
                    case "A", "D" -> {
                        Node s = term(tokens, line);
                        Node p = term(tokens, line);
                        Node o = term(tokens, line);
                        if (!tokens.hasNext()) {
                            throw new BadPatchException(line, "the row ends without '.'");
                        }
                        if (!tokens.peek().hasType(TokenType.DOT)) {
                            graph(term(tokens, line), line);
                        }
                        dot(tokens, line);
                        changes.add(new ChangeSet.Change(code.getImage().equals("A"), triple(s, p, o, line)));
                    }
                    case "TX", "TB" -> {
                        if (transactionStart >= 0) {
                            throw new BadPatchException(line, "a transaction begins inside the one begun on line "
                                    + transactionLine);
                        }
                        dot(tokens, line);
                        transactionStart = changes.size();
                        transactionLine = line;
                    }
                    case "TC", "TA" -> {
                        dot(tokens, line);
                        if (code.getImage().equals("TA")) {
                            changes.subList(Math.max(0, transactionStart), changes.size()).clear();
                        }
                        transactionStart = -1;
                    }
                    case "H" -> {
                        Token key = next(tokens, line);
                        if (!key.isWord() && !key.isString()) {
                            throw new BadPatchException(line, "a header's name is a word, not " + key.text());
                        }
                        term(tokens, line);
                        dot(tokens, line);
                    }
                    case "PA", "PD" -> {
                        while (!next(tokens, line).hasType(TokenType.DOT)) {
                            // prefixes do not change the data
                        }
                    }
                    default -> throw new BadPatchException(line, "unknown row '" + code.getImage()
                            + "': rows start with A, D, TX, TC, TA, H, PA or PD");
                }
            }
        } catch (RiotParseException e) {
            throw new BadPatchException(e.getLine(), e.getOriginalMessage());
        } catch (RiotException e) {
            throw new BadPatchException(tokens.getLine(), e.getMessage());
        }
        if (transactionStart >= 0) {
            throw new BadPatchException(transactionLine, "the transaction begun here is not committed (TC) or aborted (TA)");
        }
        return new ChangeSet(changes);
    }

    private static Token next(Tokenizer tokens, long line) throws BadPatchException {
        if (!tokens.hasNext()) {
            throw new BadPatchException(line, "the row ends without its terms and '.'");
        }
        return tokens.next();
    }

    private static void dot(Tokenizer tokens, long line) throws BadPatchException {
        Token token = next(tokens, line);
        if (!token.hasType(TokenType.DOT)) {
            throw new BadPatchException(token.getLine(), "expected '.' to end the row, not " + token.text());
        }
    }

    /** One RDF term of a row. */
    private static Node term(Tokenizer tokens, long line) throws BadPatchException {
        Token token = next(tokens, line);
        long at = token.getLine();
        if (token.hasType(TokenType.DOT)) {
            throw new BadPatchException(at, "the row ends before its terms do");
        }
        if (token.hasType(TokenType.LT2) || token.hasType(TokenType.L_TRIPLE)) {
            throw new BadPatchException(at, "triple terms (<< >>) are not supported");
        }
        if (token.hasType(TokenType.PREFIXED_NAME)) {
            throw new BadPatchException(at, "prefixed names (" + token.text() + ") are not allowed: write <IRI>s");
        }
        if (token.isIRI()) {
            String iri = token.getImage();
            if (iri.startsWith("_:")) {
                return blank(iri.substring(2), at);
            }
            if (!ABSOLUTE_IRI.matcher(iri).matches()) {
                throw new BadPatchException(at, "<" + iri + "> is not an absolute IRI");
            }
            return NodeFactory.createURI(iri);
        }
        if (token.isBNode()) {
            return blank(token.getImage(), at);
        }
        if (token.hasType(TokenType.VAR)) {
            throw new BadPatchException(at, "variables (" + token.text() + ") are not RDF terms");
        }
        Node node = token.isNode() ? token.asNode() : null;
        if (node == null || !node.isConcrete() || node.isNodeTriple()) {
            throw new BadPatchException(at, "expected an RDF term, not " + token.text());
        }
        return node;
    }

    private static Node blank(String label, long line) throws BadPatchException {
        if (label.isEmpty()) {
            throw new BadPatchException(line, "a blank node needs a label");
        }
        return NodeFactory.createBlankNode(label);
    }

    /** Only the default graph: the dataset is one graph. */
    private static void graph(Node graph, long line) throws BadPatchException {
        if (!(graph.isURI() && graph.getURI().equals(JENA_DEFAULT_GRAPH))) {
            throw new BadPatchException(line, "the dataset is one graph: changes to named graphs ("
                    + graph + ") are not accepted");
        }
    }

    private static Triple triple(Node s, Node p, Node o, long line) throws BadPatchException {
        if (s.isLiteral()) {
            throw new BadPatchException(line, "a literal cannot be a subject");
        }
        if (!p.isURI()) {
            throw new BadPatchException(line, "a predicate is an IRI");
        }
        return Triple.create(s, p, o);
    }
}
