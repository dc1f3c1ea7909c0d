package dev.ldf.hdt.sample;

import java.util.List;

/**
 * The fixed tables the library dataset is drawn from: countries and cities with their names in
 * several scripts, a topic hierarchy, publishers, names and words, and literals that test escaping.
 */
final class LibraryTables {

    private LibraryTables() {}

    record Country(String code, String en, String nativeName, String nativeLang) {}

    record City(String id, String en, String nativeName, String nativeLang, String country,
            String lat, String lon) {}

    record Topic(String id, String en, String de, String fr, String broader) {}

    static final List<Country> COUNTRIES = List.of(
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

    static final List<City> CITIES = List.of(
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

    static final List<Topic> TOPICS = List.of(
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

    static final List<String> PUBLISHERS = List.of(
            "Lindenhof Verlag", "Éditions du Pont-Neuf", "Nordlys Forlag", "Tidewater Press",
            "Kestrel & Finch", "Editora Ipê Amarelo", "Wydawnictwo Świt", "大神書房",
            "Ravenstone Books", "Casa Editrice Il Faro", "Vydavatelství Vltava",
            "Harbour Lights Publishing", "Bokförlaget Fyrtornet", "Ediciones La Brújula",
            "Athenaeum Press", "Útgáfan Norðurljós", "Maison Papillon", "Quill \"&\" Ink",
            "Verlag Grünspan", "Meridian House");

    static final List<String> GIVEN_NAMES = List.of(
            "Anna", "Björn", "Chloé", "Dmitri", "Émile", "Fatima", "Grzegorz", "Hélène", "Ingrid",
            "Jürgen", "Kateřina", "Lars", "María", "Noémie", "Olaf", "Paweł", "Rūta", "Siobhán",
            "Tomás", "Ulrike", "Vítor", "Wojciech", "Xiomara", "Yūki", "Zoë", "Ahmet", "Ilse",
            "Jonas", "Leonie", "Matteo", "Nikolaos", "Aiko", "Sigríður", "Øyvind", "Ciarán");

    static final List<String> FAMILY_NAMES = List.of(
            "Müller", "Ångström", "Dvořák", "García", "Nowak", "O'Brien", "Østergaard", "Kovačević",
            "Şahin", "Schröder", "Lefèvre", "Nakamura", "Jankowski", "Horváth", "Pérez",
            "van den Berg", "Łukasik", "Ó Súilleabháin", "Björk", "Ivanova", "Papadopoulos",
            "Guðmundsdóttir", "Fernandes", "Moreau", "Yılmaz", "Lindqvist", "Kowalczyk", "Tanaka");

    static final List<String> ADJECTIVES = List.of(
            "Quiet", "Forgotten", "Northern", "Silent", "Crimson", "Hidden", "Last", "Distant",
            "Golden", "Broken", "Endless", "Wandering", "Secret", "Salt", "Paper", "Glass");

    static final List<String> NOUNS = List.of(
            "Garden", "Lighthouse", "Atlas", "Harbour", "Cipher", "Orchard", "Library", "River",
            "Compass", "Observatory", "Archive", "Meridian", "Tide", "Lantern", "Map", "Winter");

    /** Titles in other languages, each with its language tag. */
    static final List<String[]> FOREIGN_TITLES = List.of(
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
    static final List<String> ODD_ABSTRACTS = List.of(
            "A study of the \"quiet\" harbour towns,\tin three parts.",
            "Contains <em>markup</em> & ampersands, <script>alert('x')</script> and a </td> or two.",
            "Line one of the preface.\nLine two, after a newline.\r\nLine three after CRLF.",
            "Paths like C:\\Archive\\maps and a trailing backslash \\",
            "Emoji and astral characters: 📚 𝔄𝔱𝔩𝔞𝔰 🧭 — also a zero-width joiner: 👩‍🔬.",
            "Tabs\tbetween\twords and \"nested 'quotes'\" at the end\"",
            "Right-to-left text: مكتبة and ספרייה, mixed with Latin.",
            "A lone surrogate-free but unusual string: \u00A0non-breaking\u2003spaces\u2028and separators.");
}
