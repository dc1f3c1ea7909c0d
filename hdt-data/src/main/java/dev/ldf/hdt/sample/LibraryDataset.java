package dev.ldf.hdt.sample;

import java.io.OutputStream;
import java.util.List;
import java.util.Locale;
import java.util.SplittableRandom;

import org.apache.jena.datatypes.BaseDatatype;
import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.vocabulary.OWL;
import org.apache.jena.vocabulary.RDF;
import org.apache.jena.vocabulary.RDFS;

/**
 * The small dataset that ships with the project: a fictional, multilingual library catalogue
 * (places, countries, topics, publishers, people and their books), about five thousand triples.
 *
 * <p>It is generated rather than typed so that it stays consistent, and it is deterministic: the
 * same seed gives the same triples in the same order on every machine. It deliberately holds
 * what a fragment server must get right: language-tagged literals in several scripts, typed
 * literals (also of a custom datatype), literals with quotes, tabs, newlines, backslashes,
 * markup-like text and characters outside the Basic Multilingual Plane, blank nodes, and
 * self-links ({@code ?x schema:citation ?x}, {@code rdf:type rdf:type ?o}).
 */
public final class LibraryDataset {

    public static final String NS = "http://example.org/library/";
    public static final long DEFAULT_SEED = 20261122L;

    private static final String SCHEMA = "http://schema.org/";
    private static final String FOAF = "http://xmlns.com/foaf/0.1/";
    private static final String DCT = "http://purl.org/dc/terms/";
    private static final String SKOS = "http://www.w3.org/2004/02/skos/core#";
    private static final String GEO = "http://www.w3.org/2003/01/geo/wgs84_pos#";

    private static final RDFDatatype CALL_NUMBER = new BaseDatatype(NS + "CallNumber");

    private final SplittableRandom random;
    private final StreamRDF out;
    private final int scale;

    private LibraryDataset(long seed, int scale, StreamRDF out) {
        this.random = new SplittableRandom(seed);
        this.scale = scale;
        this.out = out;
    }

    /** Writes the dataset as Turtle to {@code stream}. */
    public static void writeTurtle(OutputStream stream, long seed) {
        writeTurtle(stream, seed, 1);
    }

    /**
     * Writes the dataset with {@code scale} times as many people and books (about 5,000 triples
     * per unit of scale) as Turtle, for benchmarks that need a larger dataset of the same shape.
     */
    public static void writeTurtle(OutputStream stream, long seed, int scale) {
        if (scale < 1) {
            throw new IllegalArgumentException("scale must be at least 1");
        }
        StreamRDF writer = StreamRDFWriter.getWriterStream(stream, RDFFormat.TURTLE_BLOCKS);
        writer.start();
        writer.prefix("lib", NS);
        writer.prefix("schema", SCHEMA);
        writer.prefix("foaf", FOAF);
        writer.prefix("dcterms", DCT);
        writer.prefix("skos", SKOS);
        writer.prefix("geo", GEO);
        writer.prefix("rdf", RDF.getURI());
        writer.prefix("rdfs", RDFS.getURI());
        writer.prefix("owl", OWL.getURI());
        writer.prefix("xsd", XSDDatatype.XSD + "#");
        new LibraryDataset(seed, scale, writer).run();
        writer.finish();
    }

    // ---------------------------------------------------------------- the catalogue

    private void run() {
        vocabulary();
        for (LibraryTables.Country c : LibraryTables.COUNTRIES) {
            country(c);
        }
        for (LibraryTables.City c : LibraryTables.CITIES) {
            city(c);
        }
        for (LibraryTables.Topic t : LibraryTables.TOPICS) {
            topic(t);
        }
        for (int i = 0; i < LibraryTables.PUBLISHERS.size(); i++) {
            publisher(i);
        }
        int people = 110 * scale;
        for (int i = 0; i < people; i++) {
            person(i, people);
        }
        int books = 230 * scale;
        for (int i = 0; i < books; i++) {
            book(i, people);
        }
    }

    /** Describes a few of the properties used, which also puts a predicate in subject position. */
    private void vocabulary() {
        emit(RDF.type.asNode(), RDF.type.asNode(), RDF.Property.asNode());
        String[][] labels = {
                {SCHEMA + "author", "author", "Autor"},
                {SCHEMA + "publisher", "publisher", "Verlag"},
                {SCHEMA + "about", "about", "handelt von"},
                {SCHEMA + "citation", "cites", "zitiert"},
                {NS + "callNumber", "call number", "Signatur"}};
        for (String[] l : labels) {
            Node p = LibraryTerms.iri(l[0]);
            emit(p, RDF.type.asNode(), RDF.Property.asNode());
            emit(p, RDFS.label.asNode(), LibraryTerms.lang(l[1], "en"));
            emit(p, RDFS.label.asNode(), LibraryTerms.lang(l[2], "de"));
        }
        emit(LibraryTerms.iri(NS + "callNumber"), RDFS.range.asNode(), LibraryTerms.iri(NS + "CallNumber"));
        emit(LibraryTerms.iri(NS + "CallNumber"), RDF.type.asNode(), RDFS.Datatype.asNode());
    }

    private void country(LibraryTables.Country c) {
        Node s = LibraryTerms.iri(NS + "country/" + c.code());
        emit(s, RDF.type.asNode(), LibraryTerms.iri(SCHEMA + "Country"));
        emit(s, RDFS.label.asNode(), LibraryTerms.lang(c.en(), "en"));
        if (!c.nativeLang().equals("en")) {
            emit(s, RDFS.label.asNode(), LibraryTerms.lang(c.nativeName(), c.nativeLang()));
        }
        emit(s, LibraryTerms.iri(SCHEMA + "identifier"), LibraryTerms.string(c.code()));
    }

    private void city(LibraryTables.City c) {
        Node s = LibraryTerms.iri(NS + "place/" + c.id());
        emit(s, RDF.type.asNode(), LibraryTerms.iri(SCHEMA + "City"));
        emit(s, RDFS.label.asNode(), LibraryTerms.lang(c.en(), "en"));
        if (!c.nativeName().equals(c.en())) {
            emit(s, RDFS.label.asNode(), LibraryTerms.lang(c.nativeName(), c.nativeLang()));
        }
        emit(s, LibraryTerms.iri(SCHEMA + "containedInPlace"), LibraryTerms.iri(NS + "country/" + c.country()));
        emit(s, LibraryTerms.iri(GEO + "lat"), LibraryTerms.typed(c.lat(), XSDDatatype.XSDdecimal));
        emit(s, LibraryTerms.iri(GEO + "long"), LibraryTerms.typed(c.lon(), XSDDatatype.XSDdecimal));
    }

    private void topic(LibraryTables.Topic t) {
        Node s = LibraryTerms.iri(NS + "topic/" + t.id());
        emit(s, RDF.type.asNode(), LibraryTerms.iri(SKOS + "Concept"));
        emit(s, LibraryTerms.iri(SKOS + "prefLabel"), LibraryTerms.lang(t.en(), "en"));
        emit(s, LibraryTerms.iri(SKOS + "prefLabel"), LibraryTerms.lang(t.de(), "de"));
        emit(s, LibraryTerms.iri(SKOS + "prefLabel"), LibraryTerms.lang(t.fr(), "fr"));
        if (t.broader() != null) {
            emit(s, LibraryTerms.iri(SKOS + "broader"), LibraryTerms.iri(NS + "topic/" + t.broader()));
        }
    }

    private void publisher(int i) {
        Node s = LibraryTerms.iri(NS + "publisher/" + (i + 1));
        LibraryTables.City city = LibraryTables.CITIES.get(random.nextInt(LibraryTables.CITIES.size()));
        emit(s, RDF.type.asNode(), LibraryTerms.iri(SCHEMA + "Organization"));
        emit(s, LibraryTerms.iri(SCHEMA + "name"), LibraryTerms.string(LibraryTables.PUBLISHERS.get(i)));
        emit(s, LibraryTerms.iri(SCHEMA + "location"), LibraryTerms.iri(NS + "place/" + city.id()));
        emit(s, LibraryTerms.iri(SCHEMA + "foundingDate"),
                LibraryTerms.typed(Integer.toString(1820 + random.nextInt(190)), XSDDatatype.XSDgYear));
        Node address = NodeFactory.createBlankNode("address" + (i + 1));
        emit(s, LibraryTerms.iri(SCHEMA + "address"), address);
        emit(address, RDF.type.asNode(), LibraryTerms.iri(SCHEMA + "PostalAddress"));
        emit(address, LibraryTerms.iri(SCHEMA + "streetAddress"),
                LibraryTerms.string(LibraryTables.NOUNS.get(random.nextInt(LibraryTables.NOUNS.size())) + " Street " + (1 + random.nextInt(120))));
        emit(address, LibraryTerms.iri(SCHEMA + "postalCode"), LibraryTerms.string(String.format(Locale.ROOT, "%05d", random.nextInt(100_000))));
        emit(address, LibraryTerms.iri(SCHEMA + "addressLocality"), LibraryTerms.lang(city.nativeName(), city.nativeLang()));
        if (i % 3 == 0) {
            emit(s, LibraryTerms.iri(SCHEMA + "url"), LibraryTerms.iri("https://publisher" + (i + 1) + ".example.org/"));
        }
    }

    private void person(int i, int people) {
        Node s = person(i);
        String given = LibraryTables.GIVEN_NAMES.get(random.nextInt(LibraryTables.GIVEN_NAMES.size()));
        String family = LibraryTables.FAMILY_NAMES.get(random.nextInt(LibraryTables.FAMILY_NAMES.size()));
        LibraryTables.City birthPlace = LibraryTables.CITIES.get(skewed(LibraryTables.CITIES.size()));
        int birthYear = 1880 + random.nextInt(110);
        emit(s, RDF.type.asNode(), LibraryTerms.iri(SCHEMA + "Person"));
        emit(s, RDF.type.asNode(), LibraryTerms.iri(FOAF + "Person"));
        emit(s, LibraryTerms.iri(FOAF + "givenName"), LibraryTerms.string(given));
        emit(s, LibraryTerms.iri(FOAF + "familyName"), LibraryTerms.string(family));
        emit(s, LibraryTerms.iri(FOAF + "name"), LibraryTerms.string(given + " " + family));
        emit(s, LibraryTerms.iri(SCHEMA + "birthDate"), LibraryTerms.typed(String.format(Locale.ROOT, "%04d-%02d-%02d",
                birthYear, 1 + random.nextInt(12), 1 + random.nextInt(28)), XSDDatatype.XSDdate));
        emit(s, LibraryTerms.iri(SCHEMA + "birthPlace"), LibraryTerms.iri(NS + "place/" + birthPlace.id()));
        emit(s, LibraryTerms.iri(SCHEMA + "nationality"), LibraryTerms.iri(NS + "country/" + birthPlace.country()));
        int known = random.nextInt(5);
        for (int k = 0; k < known; k++) {
            int other = random.nextInt(people);
            if (other != i) {
                emit(s, LibraryTerms.iri(SCHEMA + "knows"), person(other));
            }
        }
        if (random.nextInt(4) == 0) {
            emit(s, LibraryTerms.iri(SCHEMA + "description"), LibraryTerms.lang(given + " writes about "
                    + LibraryTables.ADJECTIVES.get(random.nextInt(LibraryTables.ADJECTIVES.size())).toLowerCase(Locale.ROOT)
                    + " places;\tsee also \"" + LibraryTables.NOUNS.get(random.nextInt(LibraryTables.NOUNS.size())) + "\".", "en"));
        }
    }

    private void book(int i, int people) {
        Node s = LibraryTerms.iri(NS + "book/" + (i + 1));
        emit(s, RDF.type.asNode(), LibraryTerms.iri(SCHEMA + "Book"));
        emit(s, LibraryTerms.iri(SCHEMA + "name"), title(i));
        if (i % 7 == 0) {
            String[] foreign = LibraryTables.FOREIGN_TITLES.get((i / 7) % LibraryTables.FOREIGN_TITLES.size());
            emit(s, LibraryTerms.iri(SCHEMA + "alternateName"), LibraryTerms.lang(foreign[0], foreign[1]));
        }
        int authors = 1 + (random.nextInt(6) == 0 ? 1 + random.nextInt(2) : 0);
        for (int a = 0; a < authors; a++) {
            emit(s, LibraryTerms.iri(SCHEMA + "author"), person(skewed(people)));
        }
        emit(s, LibraryTerms.iri(SCHEMA + "publisher"), LibraryTerms.iri(NS + "publisher/" + (1 + skewed(LibraryTables.PUBLISHERS.size()))));
        emit(s, LibraryTerms.iri(SCHEMA + "datePublished"),
                LibraryTerms.typed(Integer.toString(1850 + random.nextInt(175)), XSDDatatype.XSDgYear));
        emit(s, LibraryTerms.iri(SCHEMA + "numberOfPages"),
                LibraryTerms.typed(Integer.toString(48 + random.nextInt(900)), XSDDatatype.XSDinteger));
        emit(s, LibraryTerms.iri(SCHEMA + "isbn"), LibraryTerms.string(LibraryTerms.isbn13(i)));
        int topics = 1 + random.nextInt(3);
        for (int t = 0; t < topics; t++) {
            emit(s, LibraryTerms.iri(SCHEMA + "about"), LibraryTerms.iri(NS + "topic/" + LibraryTables.TOPICS.get(3 + random.nextInt(LibraryTables.TOPICS.size() - 3)).id()));
        }
        emit(s, LibraryTerms.iri(SCHEMA + "inLanguage"), LibraryTerms.string(i % 7 == 0 ? LibraryTables.FOREIGN_TITLES.get((i / 7) % LibraryTables.FOREIGN_TITLES.size())[1] : "en"));
        emit(s, LibraryTerms.iri(SCHEMA + "bookFormat"), LibraryTerms.iri(SCHEMA + List.of("Hardcover", "Paperback", "EBook").get(random.nextInt(3))));
        emit(s, LibraryTerms.iri(SCHEMA + "price"), LibraryTerms.typed(String.format(Locale.ROOT, "%d.%02d", 5 + random.nextInt(60), random.nextInt(100)),
                XSDDatatype.XSDdecimal));
        emit(s, LibraryTerms.iri(SCHEMA + "isFamilyFriendly"), LibraryTerms.typed(Boolean.toString(random.nextInt(5) != 0), XSDDatatype.XSDboolean));
        emit(s, LibraryTerms.iri(NS + "callNumber"), NodeFactory.createLiteralDT(String.format(Locale.ROOT, "QA%d.%d .%c%d",
                10 + random.nextInt(90), random.nextInt(10), (char) ('A' + random.nextInt(26)), random.nextInt(100)), CALL_NUMBER));
        emit(s, LibraryTerms.iri(DCT + "modified"), LibraryTerms.typed(String.format(Locale.ROOT, "2024-%02d-%02dT%02d:%02d:00Z",
                1 + random.nextInt(12), 1 + random.nextInt(28), random.nextInt(24), random.nextInt(60)), XSDDatatype.XSDdateTime));
        if (i > 0) {
            int citations = random.nextInt(4);
            for (int c = 0; c < citations; c++) {
                emit(s, LibraryTerms.iri(SCHEMA + "citation"), LibraryTerms.iri(NS + "book/" + (1 + random.nextInt(i))));
            }
        }
        if (i % 61 == 5) {
            // A book that refers to itself: matches the repeated-variable pattern ?x schema:citation ?x.
            emit(s, LibraryTerms.iri(SCHEMA + "citation"), s);
        }
        if (i % 5 == 0) {
            emit(s, LibraryTerms.iri(SCHEMA + "abstract"), LibraryTerms.lang(LibraryTables.ODD_ABSTRACTS.get((i / 5) % LibraryTables.ODD_ABSTRACTS.size()), "en"));
        }
    }

    private Node title(int i) {
        String adjective = LibraryTables.ADJECTIVES.get(random.nextInt(LibraryTables.ADJECTIVES.size()));
        String noun = LibraryTables.NOUNS.get(random.nextInt(LibraryTables.NOUNS.size()));
        LibraryTables.City city = LibraryTables.CITIES.get(random.nextInt(LibraryTables.CITIES.size()));
        String title = switch (i % 5) {
            case 0 -> "The " + adjective + " " + noun;
            case 1 -> noun + " of " + city.en();
            case 2 -> "A " + noun + " in " + city.nativeName();
            case 3 -> "The \"" + adjective + "\" " + noun;
            default -> adjective + " " + noun + ", Volume " + (1 + i % 4);
        };
        return LibraryTerms.lang(title, "en");
    }

    /** An index in [0, n) skewed towards small values, so a few people write many books. */
    private int skewed(int n) {
        double u = random.nextDouble();
        return (int) Math.min(n - 1, Math.floor(n * u * u * u));
    }

    private static Node person(int i) {
        return LibraryTerms.iri(NS + "person/" + (i + 1));
    }

    private void emit(Node s, Node p, Node o) {
        out.triple(Triple.create(s, p, o));
    }
}
