package dev.ldf.watdiv.generate;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * A data model in this project's line format (see {@code watdiv/model.txt}): entity types with
 * instance counts, attributes with probabilities and value distributions, and associations with
 * cardinalities, cover and object distributions. The generator interprets it; another model file
 * gives another benchmark.
 */
public record Model(Map<String, String> prefixes, List<EntityType> entities, List<Attribute> attributes,
        List<Association> associations) {

    /** How values and objects are drawn: every draw is a number in [0, 1]. */
    public enum Distribution { UNIFORM, NORMAL, ZIPFIAN }

    public enum Kind { INTEGER, STRING, NAME, DATE }

    /** Instances {@code iri + 0 .. n-1}; {@code scalable} counts are per unit of scale factor. */
    public record EntityType(String iri, int count, boolean scalable) {
        public int instances(int scale) {
            return scalable ? count * scale : count;
        }
    }

    /** One predicate of an attribute group, with its value kind, range and distribution. */
    public record Value(String predicate, Kind kind, String min, String max, Distribution distribution) {}

    /** Attributes that share one draw with {@code probability}, for instances of {@code where} (or all). */
    public record Attribute(String subjectType, double probability, String where, List<Value> values) {}

    /**
     * @param oneToMany  each object gets at most one subject
     * @param count      objects per subject; with {@code countDistribution}, the count times a draw
     * @param cover      probability that a subject takes part
     */
    public record Association(String subjectType, String predicate, String objectType, boolean oneToMany, int count,
            Distribution countDistribution, double cover, Distribution objectDistribution, String subjectClass,
            String objectClass) {}

    /** The WatDiv model that ships with the project. */
    public static Model watdiv() {
        try (InputStream in = Model.class.getResourceAsStream("/watdiv/model.txt")) {
            return parse(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Reads a model.
     *
     * @throws IllegalArgumentException naming the line of the first mistake
     */
    public static Model parse(Reader reader) throws IOException {
        Map<String, String> prefixes = new LinkedHashMap<>();
        List<EntityType> entities = new ArrayList<>();
        List<Attribute> attributes = new ArrayList<>();
        List<Association> associations = new ArrayList<>();
        BufferedReader lines = new BufferedReader(reader);
        int number = 0;
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            number++;
            // A comment starts at a '#' that begins a word; namespaces may end in '#'.
            String text = line.replaceFirst("(^|\\s)#.*$", "");
            String[] w = text.trim().split("\\s+");
            if (w[0].isEmpty()) {
                continue;
            }
            try {
                switch (w[0]) {
                    case "prefix" -> prefixes.put(w[1], w[2]);
                    case "entity" -> entities.add(new EntityType(iri(prefixes, w[1]), Integer.parseInt(w[2]),
                            switch (w[3]) {
                                case "scalable" -> true;
                                case "fixed" -> false;
                                default -> throw new IllegalArgumentException("expected scalable or fixed");
                            }));
                    case "attribute" -> attributes.add(attribute(prefixes, w));
                    case "association" -> associations.add(association(prefixes, w));
                    default -> throw new IllegalArgumentException("unknown statement '" + w[0] + "'");
                }
            } catch (RuntimeException e) {
                throw new IllegalArgumentException("Model line " + number + ": " + e.getMessage() + ": " + line.trim(), e);
            }
        }
        return new Model(prefixes, entities, attributes, associations);
    }

    private static Attribute attribute(Map<String, String> prefixes, String[] w) {
        int i = 3;
        String where = null;
        if (w[i].equals("where")) {
            where = iri(prefixes, w[i + 1]);
            i += 2;
        }
        List<Value> values = new ArrayList<>();
        while (i < w.length) {
            String predicate = iri(prefixes, w[i]);
            Kind kind = Kind.valueOf(w[i + 1].toUpperCase(Locale.ROOT));
            String min = null;
            String max = null;
            i += 2;
            if (!isDistribution(w[i])) {
                min = w[i];
                max = w[i + 1];
                i += 2;
            }
            values.add(new Value(predicate, kind, min, max, distribution(w[i])));
            i++;
            if (i < w.length) {
                if (!w[i].equals("&")) {
                    throw new IllegalArgumentException("expected '&' between attributes");
                }
                i++;
            }
        }
        return new Attribute(iri(prefixes, w[1]), Double.parseDouble(w[2]), where, values);
    }

    private static Association association(Map<String, String> prefixes, String[] w) {
        boolean one = switch (w[4]) {
            case "one" -> true;
            case "many" -> false;
            default -> throw new IllegalArgumentException("expected one or many");
        };
        String[] count = w[5].split(":");
        String subjectClass = null;
        String objectClass = null;
        for (int i = 8; i < w.length; i += 2) {
            switch (w[i]) {
                case "subjects" -> subjectClass = iri(prefixes, w[i + 1]);
                case "objects" -> objectClass = iri(prefixes, w[i + 1]);
                default -> throw new IllegalArgumentException("expected subjects or objects");
            }
        }
        return new Association(iri(prefixes, w[1]), iri(prefixes, w[2]), iri(prefixes, w[3]), one,
                Integer.parseInt(count[0]), count.length > 1 ? distribution(count[1]) : null, Double.parseDouble(w[6]),
                distribution(w[7]), subjectClass, objectClass);
    }

    private static boolean isDistribution(String word) {
        return word.equals("uniform") || word.equals("normal") || word.equals("zipfian");
    }

    private static Distribution distribution(String word) {
        return Distribution.valueOf(word.toUpperCase(Locale.ROOT));
    }

    private static String iri(Map<String, String> prefixes, String name) {
        int colon = name.indexOf(':');
        String ns = colon < 0 ? null : prefixes.get(name.substring(0, colon));
        if (ns == null) {
            throw new IllegalArgumentException("unknown prefix in '" + name + "'");
        }
        return ns + name.substring(colon + 1);
    }

    /** The entity type with this IRI. */
    public EntityType entity(String iri) {
        return entities.stream().filter(e -> e.iri().equals(iri)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("No entity type " + iri));
    }
}
