package dev.ldf.watdiv.workload;

import java.io.IOException;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import dev.ldf.watdiv.generate.Model;
import dev.ldf.watdiv.generate.WatDivGenerator;

/**
 * What query generation needs to know of a generated dataset, from one pass over the generator:
 * which instances of each type occur, so that placeholders only get constants the data has, and
 * each instance's degree per predicate and direction, so that constants can be drawn where a
 * template puts them and the size of a query's results can be estimated before it is kept.
 */
public final class DataIndex {

    /** Degrees of one type's instances in one position; moments for estimates. */
    private static final class Degrees {
        final int[] byInstance;
        long triples;
        double squares;
        int nonZero;

        Degrees(int instances) {
            byInstance = new int[instances];
        }

        void add(int id) {
            int d = ++byInstance[id];
            triples++;
            squares += 2.0 * d - 1; // d^2 - (d-1)^2
            nonZero += d == 1 ? 1 : 0;
        }
    }

    private final Model model;
    private final int scale;
    private final Map<String, BitSet> occurring = new HashMap<>();
    private final Map<String, int[]> members = new HashMap<>();
    private final Map<String, Degrees> degrees = new HashMap<>();

    private DataIndex(Model model, int scale) {
        this.model = model;
        this.scale = scale;
    }

    public static DataIndex of(WatDivGenerator generator) throws IOException {
        return of(generator, () -> { });
    }

    /** {@link #of(WatDivGenerator)}, calling {@code tick} after each triple (for progress). */
    public static DataIndex of(WatDivGenerator generator, Runnable tick) throws IOException {
        DataIndex index = new DataIndex(generator.model(), generator.scale());
        generator.generate((s, p, o, literal) -> {
            index.record(s, p, true);
            if (!literal) {
                index.record(o, p, false);
            }
            tick.run();
        });
        return index;
    }

    /** Notes the instance as occurring, and where; IRIs that are no type's instance are left out. */
    private void record(String iri, String predicate, boolean subject) {
        for (Model.EntityType type : model.entities()) {
            if (iri.startsWith(type.iri())) {
                String rest = iri.substring(type.iri().length());
                if (!rest.isEmpty() && Character.isDigit(rest.charAt(0)) && rest.chars().allMatch(Character::isDigit)) {
                    int id = Integer.parseInt(rest);
                    occurring.computeIfAbsent(type.iri(), t -> new BitSet()).set(id);
                    degrees.computeIfAbsent(positionKey(type.iri(), new Template.Position(predicate, subject)),
                            k -> new Degrees(type.instances(scale))).add(id);
                    return;
                }
            }
        }
    }

    private static String positionKey(String type, Template.Position position) {
        return type + (position.subject() ? " S " : " O ") + position.predicate();
    }

    /** The mean number of triples in {@code position} of the instances of {@code type} that have any (0 if none do). */
    public double meanDegree(String type, Template.Position position) {
        Degrees d = degrees.get(positionKey(type, position));
        return d == null ? 0 : (double) d.triples / d.nonZero;
    }

    /**
     * The mean number of triples in {@code position} of an instance of {@code type} reached by
     * following a triple of that position: the size-biased mean, sum d^2 / sum d, which is what a
     * join arriving at popular (zipfian) objects meets, far above the plain mean.
     */
    public double sizeBiasedDegree(String type, Template.Position position) {
        Degrees d = degrees.get(positionKey(type, position));
        return d == null ? 0 : d.squares / d.triples;
    }

    /**
     * A random instance of {@code type} that occurs in the data in all the given positions, or, if
     * no instance does, in any position.
     */
    public String sample(String type, List<Template.Position> where, SplittableRandom random) {
        int[] ids = instancesIn(type, where);
        if (ids.length == 0) {
            return where.isEmpty() ? fail(type) : sample(type, List.of(), random);
        }
        return type + ids[random.nextInt(ids.length)];
    }

    /** True when some instance of {@code type} occurs in all the given positions. */
    public boolean occursIn(String type, List<Template.Position> where) {
        return instancesIn(type, where).length > 0;
    }

    private int[] instancesIn(String type, List<Template.Position> where) {
        String key = type + where.stream().map(p -> "|" + positionKey(type, p)).sorted().toList();
        return members.computeIfAbsent(key, k -> {
            // Looked up once per position, not once per instance: a type has millions at scale 10,000.
            List<Degrees> positions = where.stream().map(p -> degrees.get(positionKey(type, p))).toList();
            if (positions.stream().anyMatch(d -> d == null)) {
                return new int[0];
            }
            return occurring.getOrDefault(type, new BitSet()).stream()
                    .filter(id -> positions.stream().allMatch(d -> d.byInstance[id] > 0)).toArray();
        });
    }

    private static String fail(String type) {
        throw new IllegalArgumentException("No instance of " + type + " occurs in the data");
    }

    /** True when the instance IRI occurs in the data. */
    public boolean contains(String iri) {
        for (Map.Entry<String, BitSet> e : occurring.entrySet()) {
            String rest = iri.startsWith(e.getKey()) ? iri.substring(e.getKey().length()) : "";
            if (!rest.isEmpty() && rest.chars().allMatch(Character::isDigit) && e.getValue().get(Integer.parseInt(rest))) {
                return true;
            }
        }
        return false;
    }
}
