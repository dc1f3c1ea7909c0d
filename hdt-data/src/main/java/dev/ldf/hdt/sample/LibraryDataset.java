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

    private record Country(String code, String en, String nativeName, String nativeLang) {}

    private record City(String id, String en, String nativeName, String nativeLang, String country,
            String lat, String lon) {}

    private record Topic(String id, String en, String de, String fr, String broader) {}

    private static final List<Country> COUNTRIES = List.of(
            new Country("DE", "Germany", "Deutschland", "de"),
            new Country("CH", "Switzerland", "Schweiz", "de"),
            new Country("AT", "Austria", "Österreich", "de"),
            new Country("PL", "Poland", "Polska", "pl"),
            new Country("CZ", "Czechia", "Česko", "cs"),
            new Country("FR", "France", "France", "fr"),
            new Country("CA", "Canada", "Canada", "fr"),
            new Country("BR", "Brazil", "Brasil", "pt"),
            new Country("PT", "Portugal", "Portugal", "pt"),
            new Country("ES", "Spain", "España", "es"),
            new Country("IS", "Iceland", "Ísland", "is"),
            new Country("SE", "Sweden", "Sverige", "sv"),
            new Country("DK", "Denmark", "Danmark", "da"),
            new Country("GR", "Greece", "Ελλάδα", "el"),
            new Country("JP", "Japan", "日本", "ja"),
            new Country("RU", "Russia", "Россия", "ru"),
            new Country("TR", "Türkiye", "Türkiye", "tr"),
            new Country("IE", "Ireland", "Éire", "ga"));

    private static final List<City> CITIES = List.of(
            new City("berlin", "Berlin", "Berlin", "de", "DE", "52.5200", "13.4050"),
            new City("munich", "Munich", "München", "de", "DE", "48.1372", "11.5755"),
            new City("zurich", "Zurich", "Zürich", "de", "CH", "47.3769", "8.5417"),
            new City("geneva", "Geneva", "Genève", "fr", "CH", "46.2044", "6.1432"),
            new City("vienna", "Vienna", "Wien", "de", "AT", "48.2082", "16.3738"),
            new City("krakow", "Krakow", "Kraków", "pl", "PL", "50.0647", "19.9450"),
            new City("lodz", "Lodz", "Łódź", "pl", "PL", "51.7592", "19.4560"),
            new City("prague", "Prague", "Praha", "cs", "CZ", "50.0755", "14.4378"),
            new City("brno", "Brno", "Brno", "cs", "CZ", "49.1951", "16.6068"),
            new City("paris", "Paris", "Paris", "fr", "FR", "48.8566", "2.3522"),
            new City("montreal", "Montreal", "Montréal", "fr", "CA", "45.5019", "-73.5674"),
            new City("quebec", "Quebec City", "Québec", "fr", "CA", "46.8139", "-71.2080"),
            new City("sao-paulo", "São Paulo", "São Paulo", "pt", "BR", "-23.5505", "-46.6333"),
            new City("lisbon", "Lisbon", "Lisboa", "pt", "PT", "38.7223", "-9.1393"),
            new City("porto", "Porto", "Porto", "pt", "PT", "41.1579", "-8.6291"),
            new City("madrid", "Madrid", "Madrid", "es", "ES", "40.4168", "-3.7038"),
            new City("a-coruna", "A Coruña", "A Coruña", "es", "ES", "43.3623", "-8.4115"),
            new City("reykjavik", "Reykjavik", "Reykjavík", "is", "IS", "64.1466", "-21.9426"),
            new City("malmo", "Malmo", "Malmö", "sv", "SE", "55.6050", "13.0038"),
            new City("gothenburg", "Gothenburg", "Göteborg", "sv", "SE", "57.7089", "11.9746"),
            new City("aarhus", "Aarhus", "Aarhus", "da", "DK", "56.1629", "10.2039"),
            new City("copenhagen", "Copenhagen", "København", "da", "DK", "55.6761", "12.5683"),
            new City("athens", "Athens", "Αθήνα", "el", "GR", "37.9838", "23.7275"),
            new City("thessaloniki", "Thessaloniki", "Θεσσαλονίκη", "el", "GR", "40.6401", "22.9444"),
            new City("tokyo", "Tokyo", "東京", "ja", "JP", "35.6762", "139.6503"),
            new City("kyoto", "Kyoto", "京都", "ja", "JP", "35.0116", "135.7681"),
            new City("moscow", "Moscow", "Москва", "ru", "RU", "55.7558", "37.6173"),
            new City("istanbul", "Istanbul", "İstanbul", "tr", "TR", "41.0082", "28.9784"),
            new City("dublin", "Dublin", "Baile Átha Cliath", "ga", "IE", "53.3498", "-6.2603"),
            new City("cork", "Cork", "Corcaigh", "ga", "IE", "51.8985", "-8.4756"));

    private static final List<Topic> TOPICS = List.of(
            new Topic("science", "Science", "Wissenschaft", "science", null),
            new Topic("humanities", "Humanities", "Geisteswissenschaften", "sciences humaines", null),
            new Topic("arts", "Arts", "Kunst", "arts", null),
            new Topic("geography", "Geography", "Geographie", "géographie", "science"),
            new Topic("astronomy", "Astronomy", "Astronomie", "astronomie", "science"),
            new Topic("botany", "Botany", "Botanik", "botanique", "science"),
            new Topic("chemistry", "Chemistry", "Chemie", "chimie", "science"),
            new Topic("geology", "Geology", "Geologie", "géologie", "science"),
            new Topic("zoology", "Zoology", "Zoologie", "zoologie", "science"),
            new Topic("mathematics", "Mathematics", "Mathematik", "mathématiques", "science"),
            new Topic("medicine", "Medicine", "Medizin", "médecine", "science"),
            new Topic("cryptography", "Cryptography", "Kryptographie", "cryptographie", "mathematics"),
            new Topic("cartography", "Cartography", "Kartografie", "cartographie", "geography"),
            new Topic("navigation", "Navigation", "Navigation", "navigation", "geography"),
            new Topic("history", "History", "Geschichte", "histoire", "humanities"),
            new Topic("linguistics", "Linguistics", "Linguistik", "linguistique", "humanities"),
            new Topic("philosophy", "Philosophy", "Philosophie", "philosophie", "humanities"),
            new Topic("folklore", "Folklore", "Volkskunde", "folklore", "humanities"),
            new Topic("mythology", "Mythology", "Mythologie", "mythologie", "humanities"),
            new Topic("music", "Music", "Musik", "musique", "arts"),
            new Topic("poetry", "Poetry", "Lyrik", "poésie", "arts"),
            new Topic("typography", "Typography", "Typografie", "typographie", "arts"),
            new Topic("architecture", "Architecture", "Architektur", "architecture", "arts"));

    private static final List<String> PUBLISHERS = List.of(
            "Lindenhof Verlag", "Éditions du Pont-Neuf", "Nordlys Forlag", "Tidewater Press",
            "Kestrel & Finch", "Editora Ipê Amarelo", "Wydawnictwo Świt", "大神書房",
            "Ravenstone Books", "Casa Editrice Il Faro", "Vydavatelství Vltava",
            "Harbour Lights Publishing", "Bokförlaget Fyrtornet", "Ediciones La Brújula",
            "Athenaeum Press", "Útgáfan Norðurljós", "Maison Papillon", "Quill \"&\" Ink",
            "Verlag Grünspan", "Meridian House");

    private static final List<String> GIVEN_NAMES = List.of(
            "Anna", "Björn", "Chloé", "Dmitri", "Émile", "Fatima", "Grzegorz", "Hélène", "Ingrid",
            "Jürgen", "Kateřina", "Lars", "María", "Noémie", "Olaf", "Paweł", "Rūta", "Siobhán",
            "Tomás", "Ulrike", "Vítor", "Wojciech", "Xiomara", "Yūki", "Zoë", "Ahmet", "Ilse",
            "Jonas", "Leonie", "Matteo", "Nikolaos", "Aiko", "Sigríður", "Øyvind", "Ciarán");

    private static final List<String> FAMILY_NAMES = List.of(
            "Müller", "Ångström", "Dvořák", "García", "Nowak", "O'Brien", "Østergaard", "Kovačević",
            "Şahin", "Schröder", "Lefèvre", "Nakamura", "Jankowski", "Horváth", "Pérez",
            "van den Berg", "Łukasik", "Ó Súilleabháin", "Björk", "Ivanova", "Papadopoulos",
            "Guðmundsdóttir", "Fernandes", "Moreau", "Yılmaz", "Lindqvist", "Kowalczyk", "Tanaka");

    private static final List<String> ADJECTIVES = List.of(
            "Quiet", "Forgotten", "Northern", "Silent", "Crimson", "Hidden", "Last", "Distant",
            "Golden", "Broken", "Endless", "Wandering", "Secret", "Salt", "Paper", "Glass");

    private static final List<String> NOUNS = List.of(
            "Garden", "Lighthouse", "Atlas", "Harbour", "Cipher", "Orchard", "Library", "River",
            "Compass", "Observatory", "Archive", "Meridian", "Tide", "Lantern", "Map", "Winter");

    /** Titles in other languages, each with its language tag. */
    private static final List<String[]> FOREIGN_TITLES = List.of(
            new String[] {"Die Stille über Zürich", "de"},
            new String[] {"L'Été à Montréal", "fr"},
            new String[] {"東京の夜", "ja"},
            new String[] {"Ο τελευταίος φάρος", "el"},
            new String[] {"Ночь в Москве", "ru"},
            new String[] {"Cień nad Krakowem", "pl"},
            new String[] {"Sumarið í Reykjavík", "is"},
            new String[] {"O Atlas Esquecido", "pt"},
            new String[] {"El jardín de A Coruña", "es"},
            new String[] {"Vinterns kompass", "sv"});

    /** Abstracts that exercise escaping in every output format. */
    private static final List<String> ODD_ABSTRACTS = List.of(
            "A study of the \"quiet\" harbour towns,\tin three parts.",
            "Contains <em>markup</em> & ampersands, <script>alert('x')</script> and a </td> or two.",
            "Line one of the preface.\nLine two, after a newline.\r\nLine three after CRLF.",
            "Paths like C:\\Archive\\maps and a trailing backslash \\",
            "Emoji and astral characters: 📚 𝔄𝔱𝔩𝔞𝔰 🧭 — also a zero-width joiner: 👩‍🔬.",
            "Tabs\tbetween\twords and \"nested 'quotes'\" at the end\"",
            "Right-to-left text: مكتبة and ספרייה, mixed with Latin.",
            "A lone surrogate-free but unusual string: \u00A0non-breaking\u2003spaces\u2028and separators.");

    private void run() {
        vocabulary();
        for (Country c : COUNTRIES) {
            country(c);
        }
        for (City c : CITIES) {
            city(c);
        }
        for (Topic t : TOPICS) {
            topic(t);
        }
        for (int i = 0; i < PUBLISHERS.size(); i++) {
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

    private void country(Country c) {
        Node s = iri(NS + "country/" + c.code());
        emit(s, RDF.type.asNode(), iri(SCHEMA + "Country"));
        emit(s, RDFS.label.asNode(), lang(c.en(), "en"));
        if (!c.nativeLang().equals("en")) {
            emit(s, RDFS.label.asNode(), lang(c.nativeName(), c.nativeLang()));
        }
        emit(s, iri(SCHEMA + "identifier"), string(c.code()));
    }

    private void city(City c) {
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

    private void topic(Topic t) {
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
        City city = CITIES.get(random.nextInt(CITIES.size()));
        emit(s, RDF.type.asNode(), iri(SCHEMA + "Organization"));
        emit(s, iri(SCHEMA + "name"), string(PUBLISHERS.get(i)));
        emit(s, iri(SCHEMA + "location"), iri(NS + "place/" + city.id()));
        emit(s, iri(SCHEMA + "foundingDate"),
                typed(Integer.toString(1820 + random.nextInt(190)), XSDDatatype.XSDgYear));
        Node address = NodeFactory.createBlankNode("address" + (i + 1));
        emit(s, iri(SCHEMA + "address"), address);
        emit(address, RDF.type.asNode(), iri(SCHEMA + "PostalAddress"));
        emit(address, iri(SCHEMA + "streetAddress"),
                string(NOUNS.get(random.nextInt(NOUNS.size())) + " Street " + (1 + random.nextInt(120))));
        emit(address, iri(SCHEMA + "postalCode"), string(String.format(Locale.ROOT, "%05d", random.nextInt(100_000))));
        emit(address, iri(SCHEMA + "addressLocality"), lang(city.nativeName(), city.nativeLang()));
        if (i % 3 == 0) {
            emit(s, iri(SCHEMA + "url"), iri("https://publisher" + (i + 1) + ".example.org/"));
        }
    }

    private void person(int i, int people) {
        Node s = person(i);
        String given = GIVEN_NAMES.get(random.nextInt(GIVEN_NAMES.size()));
        String family = FAMILY_NAMES.get(random.nextInt(FAMILY_NAMES.size()));
        City birthPlace = CITIES.get(skewed(CITIES.size()));
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
                    + ADJECTIVES.get(random.nextInt(ADJECTIVES.size())).toLowerCase(Locale.ROOT)
                    + " places;\tsee also \"" + NOUNS.get(random.nextInt(NOUNS.size())) + "\".", "en"));
        }
    }

    private void book(int i, int people) {
        Node s = iri(NS + "book/" + (i + 1));
        emit(s, RDF.type.asNode(), iri(SCHEMA + "Book"));
        emit(s, iri(SCHEMA + "name"), title(i));
        if (i % 7 == 0) {
            String[] foreign = FOREIGN_TITLES.get((i / 7) % FOREIGN_TITLES.size());
            emit(s, iri(SCHEMA + "alternateName"), lang(foreign[0], foreign[1]));
        }
        int authors = 1 + (random.nextInt(6) == 0 ? 1 + random.nextInt(2) : 0);
        for (int a = 0; a < authors; a++) {
            emit(s, iri(SCHEMA + "author"), person(skewed(people)));
        }
        emit(s, iri(SCHEMA + "publisher"), iri(NS + "publisher/" + (1 + skewed(PUBLISHERS.size()))));
        emit(s, iri(SCHEMA + "datePublished"),
                typed(Integer.toString(1850 + random.nextInt(175)), XSDDatatype.XSDgYear));
        emit(s, iri(SCHEMA + "numberOfPages"),
                typed(Integer.toString(48 + random.nextInt(900)), XSDDatatype.XSDinteger));
        emit(s, iri(SCHEMA + "isbn"), string(isbn13(i)));
        int topics = 1 + random.nextInt(3);
        for (int t = 0; t < topics; t++) {
            emit(s, iri(SCHEMA + "about"), iri(NS + "topic/" + TOPICS.get(3 + random.nextInt(TOPICS.size() - 3)).id()));
        }
        emit(s, iri(SCHEMA + "inLanguage"), string(i % 7 == 0 ? FOREIGN_TITLES.get((i / 7) % FOREIGN_TITLES.size())[1] : "en"));
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
            emit(s, iri(SCHEMA + "abstract"), lang(ODD_ABSTRACTS.get((i / 5) % ODD_ABSTRACTS.size()), "en"));
        }
    }

    private Node title(int i) {
        String adjective = ADJECTIVES.get(random.nextInt(ADJECTIVES.size()));
        String noun = NOUNS.get(random.nextInt(NOUNS.size()));
        City city = CITIES.get(random.nextInt(CITIES.size()));
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
