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
            Node p = iri(l[0]);
            emit(p, RDF.type.asNode(), RDF.Property.asNode());
            emit(p, RDFS.label.asNode(), lang(l[1], "en"));
            emit(p, RDFS.label.asNode(), lang(l[2], "de"));
        }
        emit(iri(NS + "callNumber"), RDFS.range.asNode(), iri(NS + "CallNumber"));
        emit(iri(NS + "CallNumber"), RDF.type.asNode(), RDFS.Datatype.asNode());
    }

    private void country(LibraryTables.Country c) {
        Node s = iri(NS + "country/" + c.code());
        emit(s, RDF.type.asNode(), iri(SCHEMA + "Country"));
        emit(s, RDFS.label.asNode(), lang(c.en(), "en"));
        if (!c.nativeLang().equals("en")) {
            emit(s, RDFS.label.asNode(), lang(c.nativeName(), c.nativeLang()));
        }
        emit(s, iri(SCHEMA + "identifier"), string(c.code()));
    }

    private void city(LibraryTables.City c) {
        Node s = iri(NS + "place/" + c.id());
        emit(s, RDF.type.asNode(), iri(SCHEMA + "City"));
        emit(s, RDFS.label.asNode(), lang(c.en(), "en"));
        if (!c.nativeName().equals(c.en())) {
            emit(s, RDFS.label.asNode(), lang(c.nativeName(), c.nativeLang()));
        }
        emit(s, iri(SCHEMA + "containedInPlace"), iri(NS + "country/" + c.country()));
        emit(s, iri(GEO + "lat"), typed(c.lat(), XSDDatatype.XSDdecimal));
        emit(s, iri(GEO + "long"), typed(c.lon(), XSDDatatype.XSDdecimal));
    }

    private void topic(LibraryTables.Topic t) {
        Node s = iri(NS + "topic/" + t.id());
        emit(s, RDF.type.asNode(), iri(SKOS + "Concept"));
        emit(s, iri(SKOS + "prefLabel"), lang(t.en(), "en"));
        emit(s, iri(SKOS + "prefLabel"), lang(t.de(), "de"));
        emit(s, iri(SKOS + "prefLabel"), lang(t.fr(), "fr"));
        if (t.broader() != null) {
            emit(s, iri(SKOS + "broader"), iri(NS + "topic/" + t.broader()));
        }
    }

    private void publisher(int i) {
        Node s = iri(NS + "publisher/" + (i + 1));
        LibraryTables.City city = LibraryTables.CITIES.get(random.nextInt(LibraryTables.CITIES.size()));
        emit(s, RDF.type.asNode(), iri(SCHEMA + "Organization"));
        emit(s, iri(SCHEMA + "name"), string(LibraryTables.PUBLISHERS.get(i)));
        emit(s, iri(SCHEMA + "location"), iri(NS + "place/" + city.id()));
        emit(s, iri(SCHEMA + "foundingDate"),
                typed(Integer.toString(1820 + random.nextInt(190)), XSDDatatype.XSDgYear));
        Node address = NodeFactory.createBlankNode("address" + (i + 1));
        emit(s, iri(SCHEMA + "address"), address);
        emit(address, RDF.type.asNode(), iri(SCHEMA + "PostalAddress"));
        emit(address, iri(SCHEMA + "streetAddress"),
                string(LibraryTables.NOUNS.get(random.nextInt(LibraryTables.NOUNS.size())) + " Street " + (1 + random.nextInt(120))));
        emit(address, iri(SCHEMA + "postalCode"), string(String.format(Locale.ROOT, "%05d", random.nextInt(100_000))));
        emit(address, iri(SCHEMA + "addressLocality"), lang(city.nativeName(), city.nativeLang()));
        if (i % 3 == 0) {
            emit(s, iri(SCHEMA + "url"), iri("https://publisher" + (i + 1) + ".example.org/"));
        }
    }

    private void person(int i, int people) {
        Node s = person(i);
        String given = LibraryTables.GIVEN_NAMES.get(random.nextInt(LibraryTables.GIVEN_NAMES.size()));
        String family = LibraryTables.FAMILY_NAMES.get(random.nextInt(LibraryTables.FAMILY_NAMES.size()));
        LibraryTables.City birthPlace = LibraryTables.CITIES.get(skewed(LibraryTables.CITIES.size()));
        int birthYear = 1880 + random.nextInt(110);
        emit(s, RDF.type.asNode(), iri(SCHEMA + "Person"));
        emit(s, RDF.type.asNode(), iri(FOAF + "Person"));
        emit(s, iri(FOAF + "givenName"), string(given));
        emit(s, iri(FOAF + "familyName"), string(family));
        emit(s, iri(FOAF + "name"), string(given + " " + family));
        emit(s, iri(SCHEMA + "birthDate"), typed(String.format(Locale.ROOT, "%04d-%02d-%02d",
                birthYear, 1 + random.nextInt(12), 1 + random.nextInt(28)), XSDDatatype.XSDdate));
        emit(s, iri(SCHEMA + "birthPlace"), iri(NS + "place/" + birthPlace.id()));
        emit(s, iri(SCHEMA + "nationality"), iri(NS + "country/" + birthPlace.country()));
        int known = random.nextInt(5);
        for (int k = 0; k < known; k++) {
            int other = random.nextInt(people);
            if (other != i) {
                emit(s, iri(SCHEMA + "knows"), person(other));
            }
        }
        if (random.nextInt(4) == 0) {
            emit(s, iri(SCHEMA + "description"), lang(given + " writes about "
                    + LibraryTables.ADJECTIVES.get(random.nextInt(LibraryTables.ADJECTIVES.size())).toLowerCase(Locale.ROOT)
                    + " places;\tsee also \"" + LibraryTables.NOUNS.get(random.nextInt(LibraryTables.NOUNS.size())) + "\".", "en"));
        }
    }

    private void book(int i, int people) {
        Node s = iri(NS + "book/" + (i + 1));
        emit(s, RDF.type.asNode(), iri(SCHEMA + "Book"));
        emit(s, iri(SCHEMA + "name"), title(i));
        if (i % 7 == 0) {
            String[] foreign = LibraryTables.FOREIGN_TITLES.get((i / 7) % LibraryTables.FOREIGN_TITLES.size());
            emit(s, iri(SCHEMA + "alternateName"), lang(foreign[0], foreign[1]));
        }
        int authors = 1 + (random.nextInt(6) == 0 ? 1 + random.nextInt(2) : 0);
        for (int a = 0; a < authors; a++) {
            emit(s, iri(SCHEMA + "author"), person(skewed(people)));
        }
        emit(s, iri(SCHEMA + "publisher"), iri(NS + "publisher/" + (1 + skewed(LibraryTables.PUBLISHERS.size()))));
        emit(s, iri(SCHEMA + "datePublished"),
                typed(Integer.toString(1850 + random.nextInt(175)), XSDDatatype.XSDgYear));
        emit(s, iri(SCHEMA + "numberOfPages"),
                typed(Integer.toString(48 + random.nextInt(900)), XSDDatatype.XSDinteger));
        emit(s, iri(SCHEMA + "isbn"), string(isbn13(i)));
        int topics = 1 + random.nextInt(3);
        for (int t = 0; t < topics; t++) {
            emit(s, iri(SCHEMA + "about"), iri(NS + "topic/" + LibraryTables.TOPICS.get(3 + random.nextInt(LibraryTables.TOPICS.size() - 3)).id()));
        }
        emit(s, iri(SCHEMA + "inLanguage"), string(i % 7 == 0 ? LibraryTables.FOREIGN_TITLES.get((i / 7) % LibraryTables.FOREIGN_TITLES.size())[1] : "en"));
        emit(s, iri(SCHEMA + "bookFormat"), iri(SCHEMA + List.of("Hardcover", "Paperback", "EBook").get(random.nextInt(3))));
        emit(s, iri(SCHEMA + "price"), typed(String.format(Locale.ROOT, "%d.%02d", 5 + random.nextInt(60), random.nextInt(100)),
                XSDDatatype.XSDdecimal));
        emit(s, iri(SCHEMA + "isFamilyFriendly"), typed(Boolean.toString(random.nextInt(5) != 0), XSDDatatype.XSDboolean));
        emit(s, iri(NS + "callNumber"), NodeFactory.createLiteralDT(String.format(Locale.ROOT, "QA%d.%d .%c%d",
                10 + random.nextInt(90), random.nextInt(10), (char) ('A' + random.nextInt(26)), random.nextInt(100)), CALL_NUMBER));
        emit(s, iri(DCT + "modified"), typed(String.format(Locale.ROOT, "2024-%02d-%02dT%02d:%02d:00Z",
                1 + random.nextInt(12), 1 + random.nextInt(28), random.nextInt(24), random.nextInt(60)), XSDDatatype.XSDdateTime));
        if (i > 0) {
            int citations = random.nextInt(4);
            for (int c = 0; c < citations; c++) {
                emit(s, iri(SCHEMA + "citation"), iri(NS + "book/" + (1 + random.nextInt(i))));
            }
        }
        if (i % 61 == 5) {
            // A book that refers to itself: matches the repeated-variable pattern ?x schema:citation ?x.
            emit(s, iri(SCHEMA + "citation"), s);
        }
        if (i % 5 == 0) {
            emit(s, iri(SCHEMA + "abstract"), lang(LibraryTables.ODD_ABSTRACTS.get((i / 5) % LibraryTables.ODD_ABSTRACTS.size()), "en"));
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
        return lang(title, "en");
    }

    /** An index in [0, n) skewed towards small values, so a few people write many books. */
    private int skewed(int n) {
        double u = random.nextDouble();
        return (int) Math.min(n - 1, Math.floor(n * u * u * u));
    }

    private static String isbn13(int i) {
        String body = String.format(Locale.ROOT, "978%09d", 100_000_000L + i * 7919L % 900_000_000L);
        int sum = 0;
        for (int d = 0; d < 12; d++) {
            sum += (body.charAt(d) - '0') * (d % 2 == 0 ? 1 : 3);
        }
        int check = (10 - sum % 10) % 10;
        return body + check;
    }

    private static Node person(int i) {
        return iri(NS + "person/" + (i + 1));
    }

    private void emit(Node s, Node p, Node o) {
        out.triple(Triple.create(s, p, o));
    }

    private static Node iri(String iri) {
        return NodeFactory.createURI(iri);
    }

    private static Node string(String lex) {
        return NodeFactory.createLiteralString(lex);
    }

    private static Node lang(String lex, String lang) {
        return NodeFactory.createLiteralLang(lex, lang);
    }

    private static Node typed(String lex, RDFDatatype type) {
        return NodeFactory.createLiteralDT(lex, type);
    }
}
