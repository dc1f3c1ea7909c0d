package dev.ldf.server.hostile;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.zip.Deflater;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.out.NodeFmtLib;

/**
 * A seeded generator of writes to a live dataset, as a careless or hostile writer sends them: valid
 * RDF Patch and SPARQL Update with every kind of term that must survive the log, a compaction and
 * a follower exactly (escapes, raw control characters in literals, astral characters, language
 * tags, odd datatypes, blank nodes and the server's Skolem IRIs for them); and, derived from valid
 * ones, what must be refused whole: broken rows, bad escapes, U+0000, control characters and
 * invalid IRIs, invalid UTF-8, transactions cut at every position, gzip and deflate bodies cut at
 * every length, bodies that inflate past the limits.
 *
 * <p>The generator keeps the dataset as it must be ({@link #expected()}), in the server's view:
 * blank nodes as Skolem IRIs under {@link #VIEW}. A valid write changes it when it is acknowledged
 * ({@link #acknowledged}); a refused one never does.
 */
final class HostileWrites {

    /** Where the server's own URL stands in the expected data and in dumps compared with it. */
    static final String VIEW = "http://server/";
    static final String PATCH = "application/rdf-patch";
    static final String UPDATE = "application/sparql-update";
    private static final String EX = "http://example.org/hostile/";
    private static final String XSD = "http://www.w3.org/2001/XMLSchema#";

    /** What the server must do with a write. */
    enum Expect {
        /** 200, a new version, and {@link Write#changes()} applied. */
        APPLIED,
        /** 200 without a new version: nothing to change (an aborted transaction, an empty patch). */
        NOTHING,
        /** A 4xx, and nothing changed. */
        REFUSED
    }

    /** One write: its kind (for the report), how it is sent, and what must come of it. */
    record Write(String kind, String contentType, String encoding, byte[] body, Expect expect, List<Change> changes) {}

    /** A change in the server's view. */
    record Change(boolean add, Triple triple) {}

    private final Random random;
    private final String server;
    private final Set<Triple> expected;
    private final long maxPatchBytes;
    private int fresh;

    /**
     * @param base          the dataset's triples at the start, in the server's view
     * @param server        the server's URL (e.g. {@code http://127.0.0.1:41234/}) that Skolem IRIs in patches use
     * @param maxPatchBytes the largest patch, decoded, that the server takes
     */
    HostileWrites(long seed, Set<Triple> base, String server, long maxPatchBytes) {
        this.random = new Random(seed);
        this.expected = new LinkedHashSet<>(base);
        this.server = server;
        this.maxPatchBytes = maxPatchBytes;
    }

    /** The dataset as it must be after the acknowledged writes. */
    Set<Triple> expected() {
        return expected;
    }

    /** A write was acknowledged: its changes are in the dataset now. */
    void acknowledged(Write write) {
        for (Change change : write.changes()) {
            if (change.add()) {
                expected.add(change.triple());
            } else {
                expected.remove(change.triple());
            }
        }
    }

    // ----- the mix -----

    /** The next write of the mix: about half valid, half to be refused. */
    Write next() {
        return switch (random.nextInt(20)) {
            case 0, 1, 2, 3, 4, 5 -> validPatch();
            case 6, 7 -> validUpdate();
            case 8 -> aborted();
            case 9 -> brokenRow();
            case 10 -> badTerm();
            case 11 -> invalidUtf8();
            case 12 -> cutTransaction();
            case 13 -> badUpdate();
            case 14 -> {
                Write valid = validPatch();
                yield new Write("no token", valid.contentType(), null, valid.body(), Expect.REFUSED, List.of());
            }
            default -> validPatch();
        };
    }

    /** A valid patch, then the same gzip- or deflate-encoded and cut at every length: all refused. */
    List<Write> compressedAndCutAtEveryLength(String coding) {
        Write valid = validPatch();
        byte[] whole = compress(valid.body(), coding);
        List<Write> writes = new ArrayList<>();
        for (int cut = 0; cut < whole.length; cut++) {
            writes.add(new Write(coding + " cut to " + cut + " of " + whole.length, PATCH, coding,
                    Arrays.copyOf(whole, cut), Expect.REFUSED, List.of()));
        }
        writes.add(new Write(coding + " whole", PATCH, coding, whole, valid.expect(), valid.changes()));
        // Issue 47: bytes after the compressed stream were ignored; the body is the stream, whole.
        for (String tail : new String[] {"x", "garbage after the stream, longer than a gzip trailer", "\u001f"}) {
            byte[] trailing = Arrays.copyOf(whole, whole.length + tail.length());
            System.arraycopy(tail.getBytes(StandardCharsets.ISO_8859_1), 0, trailing, whole.length, tail.length());
            writes.add(new Write(coding + " with " + tail.length() + " bytes after it", PATCH, coding, trailing,
                    Expect.REFUSED, List.of()));
        }
        return writes;
    }

    /** A small gzip or deflate body that inflates far past the largest patch. */
    Write inflatingPastTheLimit(String coding) {
        byte[] row = ("A <" + EX + "bomb> <" + EX + "p> \"the same row, again and again\" .\n").getBytes(StandardCharsets.UTF_8);
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        long target = Math.min(maxPatchBytes * 4, 64L << 20);
        int member = 1 << 20;
        for (int i = 0; i < member; i += row.length) {
            text.writeBytes(row);
        }
        byte[] compressed = compress(text.toByteArray(), coding);
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        if (coding.equals("gzip")) {
            // Gzip members concatenate: one compressed megabyte, repeated.
            for (long written = 0; written < target; written += member) {
                body.writeBytes(compressed);
            }
        } else {
            // One deflate stream of the whole text.
            ByteArrayOutputStream all = new ByteArrayOutputStream();
            try (DeflaterOutputStream out = new DeflaterOutputStream(all, new Deflater(Deflater.BEST_COMPRESSION))) {
                for (long written = 0; written < target; written += text.size()) {
                    text.writeTo(out);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            body.writeBytes(all.toByteArray());
        }
        return new Write(coding + " inflating to " + (target >> 20) + " MB", PATCH, coding, body.toByteArray(),
                Expect.REFUSED, List.of());
    }

    // ----- valid writes -----

    Write validPatch() {
        List<Change> changes = changes(1 + random.nextInt(6));
        StringBuilder text = new StringBuilder();
        if (random.nextInt(4) == 0) {
            text.append("H id <uuid:").append(new UUID(random.nextLong(), random.nextLong())).append("> .\n");
        }
        if (random.nextInt(5) == 0) {
            text.append(pick("PA \"ex\" <" + EX + "> .\n", "PA ex: <" + EX + "> .\n", "PD \"ex\" .\n"));
        }
        boolean transaction = random.nextInt(5) != 0;
        if (transaction) {
            text.append("TX .\n");
        }
        for (Change change : changes) {
            text.append(change.add() ? "A " : "D ").append(patchTerm(change.triple().getSubject())).append(' ')
                    .append(patchTerm(change.triple().getPredicate())).append(' ')
                    .append(patchTerm(change.triple().getObject())).append(" .\n");
        }
        if (transaction) {
            text.append("TC .\n");
        }
        return new Write("patch", PATCH, null, utf8(text), Expect.APPLIED, changes);
    }

    /** INSERT DATA and DELETE DATA of triples without blank nodes (SPARQL makes its own). */
    Write validUpdate() {
        List<Change> changes = new ArrayList<>();
        for (Change c : changes(1 + random.nextInt(4))) {
            if (!isSkolem(c.triple().getSubject()) && !isSkolem(c.triple().getObject())) {
                changes.add(c);
            }
        }
        if (changes.isEmpty()) {
            changes.add(new Change(true, Triple.create(iri(EX + "s" + random.nextInt(50)), iri(EX + "p1"), literal())));
        }
        StringBuilder text = new StringBuilder("PREFIX ex: <" + EX + ">\n");
        for (int i = 0; i < changes.size(); i++) {
            Change c = changes.get(i);
            text.append(i == 0 ? "" : " ;\n").append(c.add() ? "INSERT DATA { " : "DELETE DATA { ")
                    .append(NodeFmtLib.strNT(c.triple().getSubject())).append(' ')
                    .append(NodeFmtLib.strNT(c.triple().getPredicate())).append(' ')
                    .append(NodeFmtLib.strNT(c.triple().getObject())).append(" }");
        }
        return new Write("update", UPDATE, null, utf8(text), Expect.APPLIED, changes);
    }

    /** A transaction that aborts: nothing changes, and no version is made. */
    Write aborted() {
        Write valid = validPatch();
        String text = new String(valid.body(), StandardCharsets.UTF_8);
        if (!text.contains("TC .")) {
            text = "TX .\n" + text + "TC .\n";
        }
        return new Write("aborted", PATCH, null, text.replace("TC .", "TA .").getBytes(StandardCharsets.UTF_8),
                Expect.NOTHING, List.of());
    }

    /** The changes of a patch: mostly new triples, some deletions of what is there, some no-ops. */
    private List<Change> changes(int count) {
        List<Change> changes = new ArrayList<>();
        List<Triple> there = new ArrayList<>(expected);
        for (int i = 0; i < count; i++) {
            int kind = random.nextInt(10);
            if (kind < 6 || there.isEmpty()) {
                changes.add(new Change(true, Triple.create(subject(), predicate(), object())));
            } else if (kind < 8) {
                changes.add(new Change(false, there.get(random.nextInt(there.size()))));
            } else if (kind < 9) {
                changes.add(new Change(true, there.get(random.nextInt(there.size()))));
            } else {
                changes.add(new Change(false, Triple.create(subject(), predicate(), literal())));
            }
        }
        return changes;
    }

    private Node subject() {
        return random.nextInt(5) == 0 ? blank() : iri(EX + pick("s", "book/", "ünïcode/", "path/a;b=c/") + random.nextInt(60));
    }

    private Node predicate() {
        return iri(EX + pick("p", "name", "é", "p%20q") + random.nextInt(6));
    }

    private Node object() {
        return switch (random.nextInt(6)) {
            case 0 -> blank();
            case 1 -> iri(EX + "o" + random.nextInt(100) + pick("", "#frag", "?q=1&r=2", "/\u00e9\u4e2d"));
            default -> literal();
        };
    }

    /** A blank node of the patches, in the server's view: its Skolem IRI. */
    private Node blank() {
        return iri(VIEW + ".well-known/genid/library/" + pick("b", "node_", "x-") + random.nextInt(40));
    }

    private Node literal() {
        String lexical = switch (random.nextInt(10)) {
            case 0 -> "tab\there, line\nbreak, return\rand \"quotes\" and \\backslash";
            case 1 -> "raw controls \u0001\u0007\u001b\u001f and delete \u007f";
            case 2 -> "astral \ud83d\ude00 and \ud800\udc00 and accents \u00e9\u00e8";
            case 3 -> "long " + "x".repeat(1000 + random.nextInt(3000));
            case 4 -> "";
            case 5 -> " spaces ";
            default -> "value " + fresh++;
        };
        return switch (random.nextInt(6)) {
            case 0 -> NodeFactory.createLiteralLang(lexical, pick("en", "fr", "de-CH", "zh-Hant-TW"));
            case 1 -> NodeFactory.createLiteralDT(Integer.toString(random.nextInt(1000)),
                    TypeMapper.getInstance().getSafeTypeByName(XSD + "integer"));
            case 2 -> NodeFactory.createLiteralDT(lexical,
                    TypeMapper.getInstance().getSafeTypeByName(EX + "type"));
            default -> NodeFactory.createLiteralString(lexical);
        };
    }

    /** A term as a patch writes it: the server's Skolem IRIs for blank nodes, or {@code _:label}. */
    private String patchTerm(Node node) {
        if (isSkolem(node)) {
            String label = node.getURI().substring((VIEW + ".well-known/genid/library/").length());
            return pick("_:" + label, "<_:" + label + ">", "<" + server + ".well-known/genid/library/" + label + ">");
        }
        if (node.isURI() && node.getURI().startsWith(VIEW)) {
            return "<" + server + node.getURI().substring(VIEW.length()) + ">";
        }
        if (node.isLiteral() && random.nextInt(3) == 0) {
            return escapedLiteral(node);
        }
        return NodeFmtLib.strNT(node);
    }

    /** A literal written with \\u and \\U escapes for every character outside ASCII, and a few within. */
    private static String escapedLiteral(Node node) {
        StringBuilder out = new StringBuilder("\"");
        String text = node.getLiteralLexicalForm();
        for (int i = 0; i < text.length(); i = text.offsetByCodePoints(i, 1)) {
            int c = text.codePointAt(i);
            if (c > 0xFFFF) {
                out.append(String.format("\\U%08X", c));
            } else if (c > 0x7E || c < 0x20 || c == '"' || c == '\\') {
                out.append(String.format("\\u%04X", c));
            } else {
                out.appendCodePoint(c);
            }
        }
        out.append('"');
        if (!node.getLiteralLanguage().isEmpty()) {
            out.append('@').append(node.getLiteralLanguage());
        } else if (!node.getLiteralDatatypeURI().equals(XSD + "string")) {
            out.append("^^<").append(node.getLiteralDatatypeURI()).append('>');
        }
        return out.toString();
    }

    // ----- writes to be refused -----

    /** A valid patch with one broken row among its rows: refused whole. */
    Write brokenRow() {
        String broken = pick(
                "A <" + EX + "s> <" + EX + "p> .",
                "A \"literal\" <" + EX + "p> <" + EX + "o> .",
                "A <" + EX + "s> \"literal\" <" + EX + "o> .",
                "A <" + EX + "s> <" + EX + "p> \"unterminated .",
                "A <" + EX + "s> <" + EX + "p> <" + EX + "o>",
                "A <" + EX + "s> <" + EX + "p> <" + EX + "o> <" + EX + "g> .",
                "A ex:s <" + EX + "p> <" + EX + "o> .",
                "A ?s <" + EX + "p> <" + EX + "o> .",
                "A <<" + EX + "s " + EX + "p " + EX + "o>> <" + EX + "p> <" + EX + "o> .",
                "X <" + EX + "s> .",
                "A <relative> <" + EX + "p> <" + EX + "o> .",
                "A _: <" + EX + "p> <" + EX + "o> .",
                "A <" + EX + "s> <" + EX + "p> \"x\"@ .",
                "A <" + EX + "s> <" + EX + "p> \"x\"^^ .",
                "TX .",
                "TC .",
                "PA \"ex\" <" + EX + ">",
                "H id .",
                // Issue 47: leniencies of Jena's tokenizer that the log would not keep as written.
                "A <" + EX + "s> <" + EX + "p> 'single quotes' .",
                "A <" + EX + "s> <" + EX + "p> '''long single''' .",
                "A <" + EX + "s> <" + EX + "p> \"\"\"long double\"\"\" .",
                "A <" + EX + "s> <" + EX + "p> \"x\"^^<http://www.w3.org/1999/02/22-rdf-syntax-ns#langString> .",
                "A <" + EX + "s> <" + EX + "p> \"x\"@en--ltr .",
                "A <" + EX + "s> <" + EX + "p> " + "9".repeat(1_001) + " .");
        return withRow("broken row", broken);
    }

    /** A valid patch with one term that the log or a compaction could not keep: refused whole. */
    Write badTerm() {
        String bad = pick(
                "A <_:a\\u003Eb> <" + EX + "p> \"x\" .",
                "A <_:a\\u0020b> <" + EX + "p> \"x\" .",
                "A <" + server + ".well-known/genid/library/a%3Eb> <" + EX + "p> \"x\" .",
                "A <" + server + ".well-known/genid/library/a%20b> <" + EX + "p> \"x\" .",
                "A <" + server + ".well-known/genid/library/a%0Ab> <" + EX + "p> \"x\" .",
                "A <" + server + ".well-known/genid/library/%zz> <" + EX + "p> \"x\" .",
                "D <" + server + ".well-known/genid/library/%C3%28> <" + EX + "p> \"x\" .",
                "A <" + EX + "s> <" + EX + "p> \"a\\u0000b\" .",
                "A <" + EX + "s> <" + EX + "p> \"\\uD800\" .",
                "A <" + EX + "s\\u0000> <" + EX + "p> \"x\" .",
                "A <" + EX + "s\u0001> <" + EX + "p> \"x\" .",
                "A <" + EX + "s\u001f> <" + EX + "p> \"x\" .",
                "A <" + EX + "a\\u0020b> <" + EX + "p> \"x\" .",
                "A <" + EX + "a\\u003Cb> <" + EX + "p> \"x\" .",
                "A <" + EX + "%zz> <" + EX + "p> \"x\" .",
                "A <http://[::1> <" + EX + "p> \"x\" .",
                "A <" + EX + "s> <" + EX + "p> <" + EX + "a#b#c> .",
                "A <" + EX + "s> <" + EX + "p> \"x\"^^<" + EX + "a b> .",
                "A <" + EX + "s> <" + EX + "p> \"x\"^^<rel> .");
        return withRow("bad term", bad);
    }

    /** A valid patch with bytes that are no UTF-8 in a literal. */
    Write invalidUtf8() {
        byte[][] sequences = {{(byte) 0xC3, 0x28}, {(byte) 0xFF}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80},
            {(byte) 0xE2, (byte) 0x82}, {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}};
        byte[] bad = sequences[random.nextInt(sequences.length)];
        ByteArrayOutputStream row = new ByteArrayOutputStream();
        row.writeBytes(("A <" + EX + "s> <" + EX + "p> \"before ").getBytes(StandardCharsets.UTF_8));
        row.writeBytes(bad);
        row.writeBytes(" after\" .\n".getBytes(StandardCharsets.UTF_8));
        Write valid = validPatch();
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(valid.body());
        int at = body.size();
        byte[] bytes = body.toByteArray();
        String text = new String(bytes, StandardCharsets.UTF_8);
        int tc = text.lastIndexOf("TC .");
        if (tc >= 0) {
            at = text.substring(0, tc).getBytes(StandardCharsets.UTF_8).length;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        out.write(bytes, 0, at);
        out.writeBytes(row.toByteArray());
        out.write(bytes, at, bytes.length - at);
        return new Write("invalid UTF-8", PATCH, null, out.toByteArray(), Expect.REFUSED, List.of());
    }

    /** A transaction cut short at a random position before its commit: refused whole. */
    Write cutTransaction() {
        Write valid = validPatch();
        String text = new String(valid.body(), StandardCharsets.UTF_8);
        if (!text.contains("TC .")) {
            text = "TX .\n" + text + "TC .\n";
        }
        int begin = text.indexOf("TX .") + 1; // a cut within the header rows before it leaves a valid empty patch
        int commit = text.lastIndexOf("TC .") + 3; // cut before the commit's '.'
        int cut = begin + random.nextInt(commit - begin + 1);
        return new Write("transaction cut at " + cut, PATCH, null, text.substring(0, cut).getBytes(StandardCharsets.UTF_8),
                Expect.REFUSED, List.of());
    }

    /** Every cut of one transaction, from its first byte to just before its commit ends. */
    List<Write> transactionCutEverywhere() {
        Write valid = validPatch();
        String text = new String(valid.body(), StandardCharsets.UTF_8);
        if (!text.contains("TC .")) {
            text = "TX .\n" + text + "TC .\n";
        }
        List<Write> writes = new ArrayList<>();
        int commit = text.lastIndexOf("TC .") + 3;
        for (int cut = text.indexOf("TX .") + 1; cut <= commit; cut++) {
            writes.add(new Write("transaction cut at " + cut, PATCH, null,
                    text.substring(0, cut).getBytes(StandardCharsets.UTF_8), Expect.REFUSED, List.of()));
        }
        return writes;
    }

    Write badUpdate() {
        String update = pick(
                "INSERT DATA { <relative> <" + EX + "p> \"x\" }",
                "INSERT DATA { <" + EX + "s> <" + EX + "p> \"a\\u0000b\" }",
                "INSERT DATA { GRAPH <" + EX + "g> { <" + EX + "s> <" + EX + "p> \"x\" } }",
                "DELETE WHERE { ?s ?p ?o }",
                "INSERT { ?s ?p ?o } WHERE { ?s ?p ?o }",
                "CLEAR ALL",
                "DROP DEFAULT",
                "LOAD <file:///etc/passwd>",
                "INSERT DATA { <" + EX + "s> <" + EX + "p> ",
                "INSERT DATA { <" + EX + "a b> <" + EX + "p> \"x\" }",
                "INSERT DATA { <" + server + ".well-known/genid/library/a%3Eb> <" + EX + "p> \"x\" }",
                "INSERT DATA { <" + EX + "s> <" + EX + "p> \"ok\" } ; INSERT DATA { <rel> <" + EX + "p> \"x\" }",
                "INSERT DATA { << <" + EX + "s> <" + EX + "p> <" + EX + "o> >> <" + EX + "p> \"x\" }");
        return new Write("bad update", UPDATE, null, update.getBytes(StandardCharsets.UTF_8), Expect.REFUSED, List.of());
    }

    /** A valid patch with {@code row} among its rows, inside its transaction: refused whole. */
    private Write withRow(String kind, String row) {
        Write valid = validPatch();
        String text = new String(valid.body(), StandardCharsets.UTF_8);
        List<String> rows = new ArrayList<>(List.of(text.split("\n")));
        int first = rows.isEmpty() || !rows.get(0).startsWith("TX") ? 0 : 1;
        int last = rows.size() > 0 && rows.get(rows.size() - 1).startsWith("TC") ? rows.size() - 1 : rows.size();
        rows.add(first + random.nextInt(Math.max(1, last - first + 1)), row);
        return new Write(kind + ": " + row, PATCH, null, (String.join("\n", rows) + "\n").getBytes(StandardCharsets.UTF_8),
                Expect.REFUSED, List.of());
    }

    // ----- helpers -----

    private static boolean isSkolem(Node node) {
        return node.isURI() && node.getURI().startsWith(VIEW + ".well-known/genid/");
    }

    private static Node iri(String iri) {
        return NodeFactory.createURI(iri);
    }

    private String pick(String... options) {
        return options[random.nextInt(options.length)];
    }

    private static byte[] utf8(CharSequence text) {
        return text.toString().getBytes(StandardCharsets.UTF_8);
    }

    static byte[] compress(byte[] body, String coding) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var compressing = coding.equals("gzip") ? new GZIPOutputStream(out) : new DeflaterOutputStream(out)) {
            compressing.write(body);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
