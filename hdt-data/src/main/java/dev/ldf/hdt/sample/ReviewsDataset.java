package dev.ldf.hdt.sample;

import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.vocabulary.RDF;

/**
 * The second bundled dataset: readers and their reviews of the library's books, about three
 * thousand triples. It links to {@link LibraryDataset} (a review's {@code schema:itemReviewed} is
 * a library book, a reader's {@code schema:homeLocation} a library city) and shares its predicates,
 * so that a query over both sources joins across them and some patterns match in both.
 * Deterministic, as the library: the same seed gives the same bytes.
 */
public final class ReviewsDataset {

    public static final String NS = "http://example.org/reviews/";
    public static final long DEFAULT_SEED = 20261127L;

    private static final String SCHEMA = "http://schema.org/";
    private static final int READERS = 80;
    private static final int REVIEWS = 500;
    /** The library's books at scale 1: book/1 … book/230. */
    private static final int BOOKS = 230;
    private static final List<String> OPENINGS = List.of("A gripping read", "Slow to start", "Beautifully written",
            "Hard going", "A quiet triumph", "Uneven but rewarding", "Not for me", "An instant favourite", "Overlong",
            "Wise and funny");
    private static final List<String> CLOSINGS = List.of("that I finished in two evenings.",
            "with a last chapter that stays with you.", "though the translation loses something.",
            "and a fine choice for a book club.", "whose characters felt real.", "that I will read again.");
    /** Ratings 1 to 5, weighted as readers give them: mostly 4 and 5. */
    private static final int[] RATINGS = {1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5};

    private final SplittableRandom random;
    private final StreamRDF out;

    private ReviewsDataset(long seed, StreamRDF out) {
        this.random = new SplittableRandom(seed);
        this.out = out;
    }

    /** Writes the dataset as Turtle to {@code stream}. */
    public static void writeTurtle(OutputStream stream, long seed) {
        StreamRDF writer = StreamRDFWriter.getWriterStream(stream, RDFFormat.TURTLE_BLOCKS);
        writer.start();
        writer.prefix("rev", NS);
        writer.prefix("lib", LibraryDataset.NS);
        writer.prefix("schema", SCHEMA);
        writer.prefix("rdf", RDF.getURI());
        writer.prefix("xsd", XSDDatatype.XSD + "#");
        new ReviewsDataset(seed, writer).run();
        writer.finish();
    }

    private void run() {
        for (int r = 1; r <= READERS; r++) {
            Node reader = LibraryTerms.iri(NS + "reader/" + r);
            emit(reader, RDF.type.asNode(), schema("Person"));
            emit(reader, schema("name"), LibraryTerms.string(pick(LibraryTables.GIVEN_NAMES) + " "
                    + pick(LibraryTables.FAMILY_NAMES)));
            emit(reader, schema("homeLocation"), LibraryTerms.iri(LibraryDataset.NS + "place/"
                    + pick(LibraryTables.CITIES).id()));
        }
        for (int n = 1; n <= REVIEWS; n++) {
            Node review = LibraryTerms.iri(NS + "review/" + n);
            emit(review, RDF.type.asNode(), schema("Review"));
            emit(review, schema("itemReviewed"), LibraryTerms.iri(LibraryDataset.NS + "book/" + (1 + random.nextInt(BOOKS))));
            emit(review, schema("author"), LibraryTerms.iri(NS + "reader/" + (1 + random.nextInt(READERS))));
            emit(review, schema("ratingValue"), LibraryTerms.typed(Integer.toString(RATINGS[random.nextInt(RATINGS.length)]),
                    XSDDatatype.XSDinteger));
            emit(review, schema("datePublished"), LibraryTerms.typed(String.format(Locale.ROOT, "2025-%02d-%02d",
                    1 + random.nextInt(12), 1 + random.nextInt(28)), XSDDatatype.XSDdate));
            emit(review, schema("reviewBody"), LibraryTerms.lang(pick(OPENINGS) + ", " + pick(CLOSINGS), "en"));
        }
    }

    private <T> T pick(List<T> values) {
        return values.get(random.nextInt(values.size()));
    }

    private static Node schema(String name) {
        return LibraryTerms.iri(SCHEMA + name);
    }

    private void emit(Node s, Node p, Node o) {
        out.triple(Triple.create(s, p, o));
    }
}
