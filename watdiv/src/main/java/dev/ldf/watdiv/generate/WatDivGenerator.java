package dev.ldf.watdiv.generate;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

/**
 * Generates a dataset from a {@link Model} for a scale factor and seed, subject by subject, as a
 * stream of triples: memory holds the class memberships and the object pools of one-to-many
 * associations, never the triples. The same model, scale factor and seed give the same triples in
 * the same order on every machine (every subject draws from a generator seeded by the seed, its
 * type and its number).
 *
 * <p>Semantics of the model: an instance takes part in an association with probability
 * {@code cover} and then gets {@code count} distinct objects (or {@code count} times a draw from
 * the count distribution, rounded), drawn by the object distribution over the object type's
 * instances (only those of the object class, if given). Rows of the same predicate are
 * independent, and a subject's objects for one predicate are de-duplicated. One-to-many rows hand
 * out each object once, from a random permutation, until it runs out. {@code rdf:type} rows are
 * assigned first, so that other rows can be restricted by class.
 */
public final class WatDivGenerator {

    private static final String RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

    /** Receives the generated triples. */
    public interface Sink {
        void triple(String subject, String predicate, String object, boolean literal) throws IOException;
    }

    private final Model model;
    private final int scale;
    private final long seed;
    private final Literals literals;
    private final Map<String, BitSet> classes = new HashMap<>();
    private final Map<Integer, double[]> zipfTables = new HashMap<>();
    /** Objects an association may draw from, when restricted to a class; absent: all instances. */
    private final Map<Model.Association, int[]> restrictedObjects = new HashMap<>();
    private final Map<String, List<String>> classLists = new HashMap<>();

    public WatDivGenerator(Model model, int scale, long seed) {
        if (scale < 1) {
            throw new IllegalArgumentException("The scale factor must be at least 1");
        }
        this.model = model;
        this.scale = scale;
        this.seed = seed;
        this.literals = new Literals(lines("/watdiv/words.txt"), lines("/watdiv/names.txt"));
        assignClasses();
    }

    public Model model() {
        return model;
    }

    public long seed() {
        return seed;
    }

    public int scale() {
        return scale;
    }

    /** How many instances of {@code classIri} there are (after class assignment). */
    public int classSize(String classIri) {
        BitSet members = classes.get(classIri);
        return members == null ? 0 : members.cardinality();
    }

    /** Writes every triple to {@code sink}, subject by subject; returns how many. */
    public long generate(Sink sink) throws IOException {
        Map<Model.Association, int[]> pools = new HashMap<>();
        Map<Model.Association, int[]> poolCursor = new HashMap<>();
        long triples = 0;
        List<Model.EntityType> entities = model.entities();
        for (int t = 0; t < entities.size(); t++) {
            Model.EntityType type = entities.get(t);
            List<Model.Attribute> attributes = model.attributes().stream().filter(a -> a.subjectType().equals(type.iri())).toList();
            List<Model.Association> associations = model.associations().stream()
                    .filter(a -> a.subjectType().equals(type.iri())).toList();
            int n = type.instances(scale);
            // By identity: the model may repeat a row word for word (three sorg:award rows), and each counts.
            Map<Object, Participation> participation = new IdentityHashMap<>();
            for (Model.Attribute a : attributes) {
                participation.put(a, new Participation(eligible(type, a.where()), a.probability(), random(seed, -2, rowIndex(a))));
            }
            for (Model.Association a : associations) {
                participation.put(a, new Participation(eligible(type, a.subjectClass()), a.cover(), random(seed, -3, rowIndex(a))));
            }
            for (int i = 0; i < n; i++) {
                SplittableRandom random = random(seed, t, i);
                String subject = type.iri() + i;
                Map<String, Set<Integer>> objects = new HashMap<>();
                for (Model.Association a : associations) {
                    if (a.predicate().equals(RDF_TYPE)) {
                        for (String c : classesOf(a.objectType())) {
                            if (classes.get(c).get(i) && objects.computeIfAbsent(a.predicate() + c, k -> new LinkedHashSet<>()).add(0)) {
                                sink.triple(subject, RDF_TYPE, c, false);
                                triples++;
                            }
                        }
                    }
                }
                for (Model.Attribute a : attributes) {
                    if ((a.where() == null || member(a.where(), i)) && participation.get(a).select(random)) {
                        for (Model.Value v : a.values()) {
                            sink.triple(subject, v.predicate(), literals.of(v, random), true);
                            triples++;
                        }
                    }
                }
                for (Model.Association a : associations) {
                    if (a.predicate().equals(RDF_TYPE) || (a.subjectClass() != null && !member(a.subjectClass(), i))) {
                        continue;
                    }
                    Participation rowState = participation.get(a);
                    if (!rowState.select(random)) {
                        continue;
                    }
                    int k = a.countDistribution() == null ? a.count()
                            : (int) Math.round(a.count() * Sampler.quantile(a.countDistribution(), rowState.nextQuantile(random)));
                    Set<Integer> seen = objects.computeIfAbsent(a.predicate(), p -> new LinkedHashSet<>());
                    for (int object : a.oneToMany() ? fromPool(a, k, pools, poolCursor) : draw(a, k, random)) {
                        if (seen.add(object)) {
                            sink.triple(subject, a.predicate(), a.objectType() + object, false);
                            triples++;
                        }
                    }
                }
            }
        }
        return triples;
    }

    private long eligible(Model.EntityType type, String subjectClass) {
        return subjectClass == null ? type.instances(scale) : classSize(subjectClass);
    }

    /** The row's position in the model, by identity. */
    private int rowIndex(Object row) {
        for (int i = 0; i < model.attributes().size(); i++) {
            if (model.attributes().get(i) == row) {
                return i;
            }
        }
        for (int i = 0; i < model.associations().size(); i++) {
            if (model.associations().get(i) == row) {
                return 10_000 + i;
            }
        }
        throw new IllegalArgumentException("Not a row of the model");
    }

    /** Objects per subject: exactly the count, or the count times a draw, rounded. */
    private static int count(Model.Association a, SplittableRandom random) {
        return a.countDistribution() == null ? a.count()
                : (int) Math.round(a.count() * Sampler.fraction(a.countDistribution(), random));
    }

    /** {@code k} distinct objects drawn by the association's object distribution. */
    private List<Integer> draw(Model.Association a, int k, SplittableRandom random) {
        int[] restricted = a.objectClass() == null ? null
                : restrictedObjects.computeIfAbsent(a, x -> classes.get(x.objectClass()).stream().toArray());
        int n = restricted != null ? restricted.length : model.entity(a.objectType()).instances(scale);
        k = Math.min(k, n);
        Set<Integer> chosen = new LinkedHashSet<>();
        double[] zipf = a.objectDistribution() == Model.Distribution.ZIPFIAN ? zipf(n) : null;
        for (int attempts = 0; chosen.size() < k && attempts < 50 * k + 100; attempts++) {
            int index = Sampler.index(a.objectDistribution(), n, zipf, random);
            chosen.add(restricted != null ? restricted[index] : index);
        }
        return new ArrayList<>(chosen);
    }

    /** The next {@code k} objects of a one-to-many association's pool (a random permutation). */
    private List<Integer> fromPool(Model.Association a, int k, Map<Model.Association, int[]> pools,
            Map<Model.Association, int[]> cursors) {
        int[] pool = pools.computeIfAbsent(a, x -> Sampler.shuffle(candidates(x).clone(), random(seed, -1, rowIndex(x))));
        int[] cursor = cursors.computeIfAbsent(a, x -> new int[1]);
        List<Integer> taken = new ArrayList<>(k);
        while (taken.size() < k && cursor[0] < pool.length) {
            taken.add(pool[cursor[0]++]);
        }
        return taken;
    }

    /** The object type's instances, or only those of the object class. */
    private int[] candidates(Model.Association a) {
        if (a.objectClass() != null) {
            return classes.get(a.objectClass()).stream().toArray();
        }
        int n = model.entity(a.objectType()).instances(scale);
        int[] all = new int[n];
        for (int j = 0; j < n; j++) {
            all[j] = j;
        }
        return all;
    }

    /**
     * Gives every instance its classes ({@code rdf:type} rows) before anything else, so that rows
     * restricted to a class know its members.
     */
    private void assignClasses() {
        List<Model.Association> rows = model.associations();
        for (int r = 0; r < rows.size(); r++) {
            Model.Association a = rows.get(r);
            if (!a.predicate().equals(RDF_TYPE)) {
                continue;
            }
            for (String c : classesOf(a.objectType())) {
                classes.putIfAbsent(c, new BitSet());
            }
            int n = model.entity(a.subjectType()).instances(scale);
            int classCount = model.entity(a.objectType()).instances(scale);
            double[] zipf = zipf(classCount);
            // A row that gives one class per instance draws from shuffled strata, so that every
            // class gets its share exactly, not that share give or take chance.
            int[] strata = a.count() == 1 && a.countDistribution() == null
                    ? Sampler.permutation(n, random(seed, -4, r)) : null;
            for (int i = 0; i < n; i++) {
                SplittableRandom random = random(seed, 1_000 + r, i);
                if (random.nextDouble() >= a.cover()) {
                    continue;
                }
                if (strata != null) {
                    double u = (strata[i] + random.nextDouble()) / n;
                    classes.get(a.objectType() + Sampler.indexAt(a.objectDistribution(), u, classCount, zipf)).set(i);
                    continue;
                }
                int k = Math.min(count(a, random), classCount);
                Set<Integer> chosen = new LinkedHashSet<>();
                for (int attempts = 0; chosen.size() < k && attempts < 50 * k + 100; attempts++) {
                    chosen.add(Sampler.index(a.objectDistribution(), classCount, zipf, random));
                }
                for (int c : chosen) {
                    classes.get(a.objectType() + c).set(i);
                }
            }
        }
    }

    private List<String> classesOf(String entityType) {
        return classLists.computeIfAbsent(entityType, type -> {
            int n = model.entity(type).instances(scale);
            List<String> all = new ArrayList<>(n);
            for (int c = 0; c < n; c++) {
                all.add(type + c);
            }
            return all;
        });
    }

    private boolean member(String classIri, int instance) {
        BitSet members = classes.get(classIri);
        return members != null && members.get(instance);
    }

    private double[] zipf(int n) {
        return zipfTables.computeIfAbsent(n, Sampler::zipf);
    }

    /** An independent generator for one (purpose, subject) of this seed. */
    static SplittableRandom random(long seed, long purpose, long subject) {
        long x = seed * 0x9E3779B97F4A7C15L + purpose * 0xBF58476D1CE4E5B9L + subject * 0x94D049BB133111EBL;
        x = (x ^ (x >>> 30)) * 0xBF58476D1CE4E5B9L;
        x = (x ^ (x >>> 27)) * 0x94D049BB133111EBL;
        return new SplittableRandom(x ^ (x >>> 31));
    }

    private static List<String> lines(String resource) {
        try (InputStream in = WatDivGenerator.class.getResourceAsStream(resource)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().map(String::trim)
                    .filter(l -> !l.isEmpty() && !l.startsWith("#")).toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
