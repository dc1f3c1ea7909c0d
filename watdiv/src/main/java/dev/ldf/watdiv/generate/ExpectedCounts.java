package dev.ldf.watdiv.generate;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import java.util.TreeMap;

/**
 * What the model says each predicate should count at a scale factor: the reference that generated
 * data is checked against.
 *
 * <p>Attributes: eligible subjects times probability (rounded: the generator selects exactly that
 * many). Associations: eligible subjects times cover, rounded, times the mean number of objects (draws of a count distribution average one half), at most the
 * objects there are; one-to-many rows at most their pool. Class memberships ({@code rdf:type})
 * count as assigned. Association rows of one predicate that can reach the same subject may pick
 * the same object, which is stored once: for them the model gives a range, from the largest row
 * to the sum of the rows.
 */
public final class ExpectedCounts {

    private static final String RDF_TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

    /** The expected count of one predicate; {@code low < high} where rows may overlap. */
    public record Expected(double low, double high) {
        /** True when {@code observed} is within {@code tolerance} (a fraction) of the range, or 5 sigma for small counts. */
        public boolean contains(long observed, double tolerance) {
            double slack = Math.max(tolerance * high, 5 * Math.sqrt(high) + 3);
            return observed >= low - slack && observed <= high + slack;
        }
    }

    /** One row's expectation and the subjects it can reach. */
    private record Row(double expected, String subjectType, String subjectClass, boolean association) {
        boolean mayShareSubjectsWith(Row other) {
            return association && other.association && subjectType.equals(other.subjectType)
                    && (subjectClass == null || other.subjectClass == null || subjectClass.equals(other.subjectClass));
        }
    }

    private ExpectedCounts() {}

    public static Map<String, Expected> of(WatDivGenerator generator) {
        Model model = generator.model();
        int scale = generator.scale();
        Map<String, List<Row>> rows = new TreeMap<>();
        for (Model.Attribute a : model.attributes()) {
            double eligible = a.where() == null ? model.entity(a.subjectType()).instances(scale) : generator.classSize(a.where());
            for (Model.Value v : a.values()) {
                rows.computeIfAbsent(v.predicate(), p -> new ArrayList<>())
                        .add(new Row(Math.round(eligible * a.probability()), a.subjectType(), a.where(), false));
            }
        }
        for (Model.Association a : model.associations()) {
            if (a.predicate().equals(RDF_TYPE)) {
                continue;
            }
            double eligible = a.subjectClass() == null ? model.entity(a.subjectType()).instances(scale)
                    : generator.classSize(a.subjectClass());
            double objects = a.objectClass() == null ? model.entity(a.objectType()).instances(scale)
                    : generator.classSize(a.objectClass());
            double perSubject = Math.min(a.countDistribution() == null ? a.count() : a.count() * 0.5, objects);
            double expected = Math.round(eligible * a.cover()) * perSubject;
            rows.computeIfAbsent(a.predicate(), p -> new ArrayList<>())
                    .add(new Row(a.oneToMany() ? Math.min(expected, objects) : expected, a.subjectType(), a.subjectClass(), true));
        }
        Map<String, Expected> result = new TreeMap<>();
        rows.forEach((predicate, list) -> {
            double sum = list.stream().mapToDouble(Row::expected).sum();
            double max = list.stream().mapToDouble(Row::expected).max().orElse(0);
            boolean overlapping = false;
            for (int i = 0; i < list.size(); i++) {
                for (int j = i + 1; j < list.size(); j++) {
                    overlapping |= list.get(i).mayShareSubjectsWith(list.get(j));
                }
            }
            result.put(predicate, overlapping ? new Expected(max, sum) : new Expected(sum, sum));
        });
        double types = model.associations().stream().filter(a -> a.predicate().equals(RDF_TYPE))
                .map(Model.Association::objectType).distinct()
                .mapToDouble(type -> {
                    double members = 0;
                    for (int c = 0; c < model.entity(type).instances(scale); c++) {
                        members += generator.classSize(type + c);
                    }
                    return members;
                }).sum();
        result.put(RDF_TYPE, new Expected(types, types));
        return result;
    }

}
