package dev.ldf.watdiv.workload;

import java.io.IOException;
import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import dev.ldf.watdiv.generate.Model;
import dev.ldf.watdiv.generate.WatDivGenerator;

/**
 * Which instances of each type occur in a generated dataset (as subject or object), so that
 * placeholders only get constants the data has. One pass over the generator; a bit per instance.
 */
public final class DataIndex {

    private final Model model;
    private final Map<String, BitSet> occurring = new HashMap<>();
    private final Map<String, int[]> members = new HashMap<>();

    private DataIndex(Model model) {
        this.model = model;
    }

    public static DataIndex of(WatDivGenerator generator) throws IOException {
        DataIndex index = new DataIndex(generator.model());
        generator.generate((s, p, o, literal) -> {
            index.record(s);
            if (!literal) {
                index.record(o);
            }
        });
        return index;
    }

    private void record(String iri) {
        for (Model.EntityType type : model.entities()) {
            if (iri.startsWith(type.iri())) {
                String rest = iri.substring(type.iri().length());
                if (!rest.isEmpty() && Character.isDigit(rest.charAt(0)) && rest.chars().allMatch(Character::isDigit)) {
                    occurring.computeIfAbsent(type.iri(), t -> new BitSet()).set(Integer.parseInt(rest));
                    return;
                }
            }
        }
    }

    /** A random instance of {@code type} that occurs in the data. */
    public String sample(String type, SplittableRandom random) {
        int[] ids = members.computeIfAbsent(type, t -> occurring.getOrDefault(t, new BitSet()).stream().toArray());
        if (ids.length == 0) {
            throw new IllegalArgumentException("No instance of " + type + " occurs in the data");
        }
        return type + ids[random.nextInt(ids.length)];
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
