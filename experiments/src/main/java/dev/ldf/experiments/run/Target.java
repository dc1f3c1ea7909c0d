package dev.ldf.experiments.run;

import java.util.List;
import java.util.Locale;

/**
 * One row of an experiment's targets table: what was aimed at, what was measured, and the
 * verdict, "met" or how far it was missed.
 */
public record Target(String target, String measured, String verdict) {

    public static final String MET = "met";

    /** A target this run did not measure (its part or its rival was not run). */
    public static Target notMeasured(String target) {
        return new Target(target, "not measured in this run", "–");
    }

    /** "met", or the worst ratio as a share of the one wanted. */
    public static String ratioVerdict(double worst, double wanted) {
        return worst >= wanted ? MET : String.format(Locale.ROOT, "missed: %.0f%% of the target", 100 * worst / wanted);
    }

    /** "met", or by how much {@code value} is beyond {@code limit}. */
    public static String limitVerdict(double value, double limit) {
        return value <= limit ? MET : String.format(Locale.ROOT, "missed by %.0f%%", 100 * (value / limit - 1));
    }

    public boolean met() {
        return verdict.equals(MET);
    }

    public boolean wasMeasured() {
        return !verdict.equals("–");
    }

    /** The targets as a markdown table with its heading row. */
    public static String table(List<Target> targets) {
        StringBuilder md = new StringBuilder("| target | measured | verdict |\n|---|---|---|\n");
        for (Target t : targets) {
            md.append("| ").append(t.target()).append(" | ").append(t.measured()).append(" | ").append(t.verdict())
                    .append(" |\n");
        }
        return md.toString();
    }
}
