package dev.ldf.server.live.patch;

import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.IllegalFormatException;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.RiotParseException;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.riot.tokens.StringType;
import org.apache.jena.riot.tokens.Token;
import org.apache.jena.riot.tokens.TokenType;
import org.apache.jena.riot.tokens.Tokenizer;
import org.apache.jena.riot.tokens.TokenizerText;

import dev.ldf.server.syntax.LexicalLimits;
import dev.ldf.cli.Causes;

/**
 * Reads RDF Patch text (https://afs.github.io/rdf-patch/) into a {@link ChangeSet}, streaming:
 * plain rows straight from their bytes ({@link PlainRows}), the rest token by token with Jena
 * RIOT's tokenizer; only the changes are kept, and what they mean is {@link PatchRows}'.
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

    /**
     * Reads the whole of {@code in} (UTF-8, strictly: a malformed byte sequence is an error, not
     * U+FFFD). Plain rows (ASCII, IRIs and simple literals, one per line) are read straight from
     * their bytes ({@link PlainRows}); from the first other line on, the tokenizer reads the rest.
     */
    public static ChangeSet read(InputStream in) throws BadPatchException {
        PatchRows rows = new PatchRows();
        PlainRows.Rest rest = PlainRows.read(in, rows);
        if (rest != null) {
            tokenized(rest.input(), rows, rest.linesBefore());
        }
        return rows.finish();
    }

    /** {@link #read} with the tokenizer from the first byte: the reference the plain rows are tested against. */
    static ChangeSet readTokenized(InputStream in) throws BadPatchException {
        PatchRows rows = new PatchRows();
        tokenized(in, rows, 0);
        return rows.finish();
    }

    /** Reads the rows of {@code in} with Jena's tokenizer into {@code rows}; its lines come after {@code linesBefore}. */
    private static void tokenized(InputStream in, PatchRows rows, long linesBefore) throws BadPatchException {
        Reader text = new InputStreamReader(in, StandardCharsets.UTF_8.newDecoder()
                .onMalformedInput(CodingErrorAction.REPORT).onUnmappableCharacter(CodingErrorAction.REPORT));
        Tokenizer tokens = TokenizerText.create().source(text)
                .errorHandler(ErrorHandlerFactory.errorHandlerExceptionOnError()).build();
        try {
            while (tokens.hasNext()) {
                Token code = tokens.next();
                long line = linesBefore + code.getLine();
                if (!code.isWord()) {
                    throw new BadPatchException(line, "a row starts with A, D, TX, TC, TA, H, PA or PD, not "
                            + code.text());
                }
                switch (code.getImage()) {
                    case "A", "D" -> {
                        boolean add = code.getImage().equals("A");
                        Node s = rows.term(parsedTerm(tokens, line, linesBefore), line, add);
                        Node p = rows.term(parsedTerm(tokens, line, linesBefore), line, add);
                        Node o = rows.term(parsedTerm(tokens, line, linesBefore), line, add);
                        if (!tokens.hasNext()) {
                            throw new BadPatchException(line, "the row ends without '.'");
                        }
                        if (!tokens.peek().hasType(TokenType.DOT)) {
                            graph(PatchRows.checked(parsedTerm(tokens, line, linesBefore), line, false), line);
                        }
                        dot(tokens, line, linesBefore);
                        rows.change(add, s, p, o, line);
                    }
                    case "TX", "TB" -> {
                        rows.begin(line);
                        dot(tokens, line, linesBefore);
                    }
                    case "TC", "TA" -> {
                        rows.end(code.getImage(), code.getImage().equals("TA"), line);
                        dot(tokens, line, linesBefore);
                    }
                    case "H" -> {
                        Token key = next(tokens, line);
                        if (!key.isWord() && !key.isString()) {
                            throw new BadPatchException(line, "a header's name is a word, not " + key.text());
                        }
                        PatchRows.checked(parsedTerm(tokens, line, linesBefore), line, false);
                        dot(tokens, line, linesBefore);
                    }
                    case "PA", "PD" -> {
                        // Read, and then ignored: prefixes do not change the data.
                        prefixName(next(tokens, line), line);
                        if (code.getImage().equals("PA")) {
                            Token iri = next(tokens, line);
                            if (!iri.isIRI() && !iri.isString()) {
                                throw new BadPatchException(linesBefore + iri.getLine(), "PA names a prefix and then its "
                                        + "<IRI>, not " + iri.text());
                            }
                        }
                        dot(tokens, line, linesBefore);
                    }
                    default -> throw new BadPatchException(line, "unknown row '" + code.getImage()
                            + "': rows start with A, D, TX, TC, TA, H, PA or PD");
                }
            }
        } catch (RiotException e) {
            long line = linesBefore + (e instanceof RiotParseException parse ? parse.getLine() : tokens.getLine());
            if (malformedText(e)) {
                throw new BadPatchException(line, "the patch is not valid UTF-8");
            }
            throw new BadPatchException(line, e instanceof RiotParseException parse ? parse.getOriginalMessage() : e.getMessage());
        } catch (IllegalFormatException e) {
            // Jena's tokenizer (5.6) fails while wording its error for a name cut short at the end.
            throw new BadPatchException(linesBefore + tokens.getLine(), "the patch ends in the middle of a name");
        } catch (RuntimeException e) {
            if (malformedText(e)) {
                throw new BadPatchException(linesBefore + tokens.getLine(), "the patch is not valid UTF-8");
            }
            throw e;
        }
    }

    private static Token next(Tokenizer tokens, long line) throws BadPatchException {
        if (!tokens.hasNext()) {
            throw new BadPatchException(line, "the row ends without its terms and '.'");
        }
        return tokens.next();
    }

    private static void dot(Tokenizer tokens, long line, long linesBefore) throws BadPatchException {
        Token token = next(tokens, line);
        if (!token.hasType(TokenType.DOT)) {
            throw new BadPatchException(linesBefore + token.getLine(), "expected '.' to end the row, not " + token.text());
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
        // Jena's tokenizer reports the decoder's error as "Bad character encoding".
        return Causes.find(e, t -> t instanceof CharacterCodingException || t instanceof RiotException
                && t.getMessage() != null && t.getMessage().contains("character encoding")).isPresent();
    }

    /** One RDF term as the tokenizer reads it, not yet checked. */
    private static Node parsedTerm(Tokenizer tokens, long line, long linesBefore) throws BadPatchException {
        Token token = next(tokens, line);
        long at = linesBefore + token.getLine();
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
}
