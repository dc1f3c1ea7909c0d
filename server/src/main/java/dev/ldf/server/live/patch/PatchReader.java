package dev.ldf.server.live.patch;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IllegalFormatException;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.RiotParseException;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.riot.tokens.StringType;
import org.apache.jena.riot.tokens.Token;
import org.apache.jena.riot.tokens.TokenType;
import org.apache.jena.riot.tokens.Tokenizer;
import org.apache.jena.riot.tokens.TokenizerText;

import dev.ldf.server.syntax.LexicalLimits;

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

    private static final String JENA_DEFAULT_GRAPH = "urn:x-arq:DefaultGraph";

    private PatchReader() {}

    /** Reads the whole of {@code in} (UTF-8, strictly: a malformed byte sequence is an error, not U+FFFD). */
    public static ChangeSet read(InputStream in) throws BadPatchException {
        Reader text = new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
        Tokenizer tokens = TokenizerText.create().source(text)
                .errorHandler(ErrorHandlerFactory.errorHandlerExceptionOnError()).build();
        List<ChangeSet.Change> changes = new ArrayList<>();
        // IRIs recur from row to row (predicates, subjects, classes): each is checked once per direction.
        Set<String> fineAdded = new HashSet<>();
        Set<String> fineDeleted = new HashSet<>();
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
                        boolean add = code.getImage().equals("A");
                        Set<String> fine = add ? fineAdded : fineDeleted;
                        Node s = term(tokens, line, add, fine);
                        Node p = term(tokens, line, add, fine);
                        Node o = term(tokens, line, add, fine);
                        if (!tokens.hasNext()) {
                            throw new BadPatchException(line, "the row ends without '.'");
                        }
                        if (!tokens.peek().hasType(TokenType.DOT)) {
                            graph(term(tokens, line, false), line);
                        }
                        dot(tokens, line);
                        changes.add(new ChangeSet.Change(add, triple(s, p, o, line)));
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
                        if (transactionStart < 0) {
                            throw new BadPatchException(line, code.getImage() + " ends a transaction, but none was "
                                    + "begun (TX)");
                        }
                        dot(tokens, line);
                        if (code.getImage().equals("TA")) {
                            changes.subList(transactionStart, changes.size()).clear();
                        }
                        transactionStart = -1;
                    }
                    case "H" -> {
                        Token key = next(tokens, line);
                        if (!key.isWord() && !key.isString()) {
                            throw new BadPatchException(line, "a header's name is a word, not " + key.text());
                        }
                        term(tokens, line, false);
                        dot(tokens, line);
                    }
                    case "PA", "PD" -> {
                        // Read, and then ignored: prefixes do not change the data.
                        prefixName(next(tokens, line), line);
                        if (code.getImage().equals("PA")) {
                            Token iri = next(tokens, line);
                            if (!iri.isIRI() && !iri.isString()) {
                                throw new BadPatchException(iri.getLine(), "PA names a prefix and then its <IRI>, not "
                                        + iri.text());
                            }
                        }
                        dot(tokens, line);
                    }
                    default -> throw new BadPatchException(line, "unknown row '" + code.getImage()
                            + "': rows start with A, D, TX, TC, TA, H, PA or PD");
                }
            }
        } catch (RiotException e) {
            long line = e instanceof RiotParseException parse ? parse.getLine() : tokens.getLine();
            if (malformedText(e)) {
                throw new BadPatchException(line, "the patch is not valid UTF-8");
            }
            throw new BadPatchException(line, e instanceof RiotParseException parse ? parse.getOriginalMessage() : e.getMessage());
        } catch (IllegalFormatException e) {
            // Jena's tokenizer (5.6) fails while wording its error for a name cut short at the end.
            throw new BadPatchException(tokens.getLine(), "the patch ends in the middle of a name");
        } catch (RuntimeException e) {
            if (malformedText(e)) {
                throw new BadPatchException(tokens.getLine(), "the patch is not valid UTF-8");
            }
            throw e;
        }
        if (transactionStart >= 0) {
            throw new BadPatchException(transactionLine, "the transaction begun here is not committed (TC) or aborted (TA)");
        }
        return ChangeSet.ofWritable(changes);
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

    /** The prefix of a PA or PD row: {@code "ex"}, {@code ex} or {@code ex:}. */
    private static void prefixName(Token token, long line) throws BadPatchException {
        boolean prefix = token.isString() || token.isWord()
                || token.hasType(TokenType.PREFIXED_NAME) && token.getImage2().isEmpty();
        if (!prefix) {
            throw new BadPatchException(line, "PA and PD name a prefix (\"ex\" or ex:), not " + token.text());
        }
    }

    private static boolean malformedText(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            // Jena's tokenizer reports the decoder's error as "Bad character encoding".
            if (t instanceof CharacterCodingException || t instanceof RiotException && t.getMessage() != null
                    && t.getMessage().contains("character encoding")) {
                return true;
            }
        }
        return false;
    }

    /**
     * One RDF term of a row, refused unless it can be written ({@link WritableTerms}); {@code fine}
     * holds the IRIs already passed for this direction.
     */
    private static Node term(Tokenizer tokens, long line, boolean adding, Set<String> fine) throws BadPatchException {
        Node node = parsedTerm(tokens, line);
        if (node.isURI() && fine.contains(node.getURI())) {
            return node;
        }
        String problem = WritableTerms.problem(node, adding);
        if (problem != null) {
            throw new BadPatchException(line, problem);
        }
        if (node.isURI()) {
            fine.add(node.getURI());
        }
        return node;
    }

    /** One RDF term of a header or graph, refused unless it can be written ({@link WritableTerms}). */
    private static Node term(Tokenizer tokens, long line, boolean adding) throws BadPatchException {
        return term(tokens, line, adding, new HashSet<>());
    }

    private static Node parsedTerm(Tokenizer tokens, long line) throws BadPatchException {
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
            return NodeFactory.createURI(iri);
        }
        if (token.isBNode()) {
            return blank(token.getImage(), at);
        }
        if (token.hasType(TokenType.VAR)) {
            throw new BadPatchException(at, "variables (" + token.text() + ") are not RDF terms");
        }
        String tooLong = numberTooLong(token);
        if (tooLong != null) {
            throw new BadPatchException(at, tooLong);
        }
        StringType quotes = token.getStringType() != null ? token.getStringType()
                : token.getSubToken1() != null ? token.getSubToken1().getStringType() : null;
        if (quotes != null && quotes != StringType.STRING2) {
            // Turtle's other quotes; RDF Patch writes terms as N-Triples does, and so does the log.
            throw new BadPatchException(at, "a literal is written in double quotes (\"...\"), not " + token.text());
        }
        Node node = token.isNode() ? token.asNode() : null;
        if (node == null || !node.isConcrete() || node.isNodeTriple()) {
            throw new BadPatchException(at, "expected an RDF term, not " + token.text());
        }
        return node;
    }

    /** A number too long for Jena to compute its value from in linear time ({@link LexicalLimits}); checked before the node is made. */
    private static String numberTooLong(Token token) {
        if (token.hasType(TokenType.INTEGER) || token.hasType(TokenType.DECIMAL)) {
            return LexicalLimits.numberProblem(token.getImage().length());
        }
        if (token.hasType(TokenType.LITERAL_DT) && token.getSubToken2().isIRI()) {
            return LexicalLimits.literalProblem(token.getImage(), token.getSubToken2().getImage());
        }
        return null;
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
