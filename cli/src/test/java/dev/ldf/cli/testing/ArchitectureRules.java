package dev.ldf.cli.testing;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

import com.tngtech.archunit.core.domain.Dependency;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The rules every module's main code keeps, checked by each module's own test on its own classes:
 * no cycles between packages, and no two classes that use each other (a nested class counts as
 * the class it is in). A module's own package rules (what may not reach what) sit in its test.
 */
public final class ArchitectureRules {

    private ArchitectureRules() {}

    /**
     * The main classes this module compiled ({@code target/classes}; tests run in the module's
     * directory), not those of the modules it uses, which their own tests check.
     */
    public static JavaClasses mainClasses() {
        return new ClassFileImporter().importPath(Path.of("target", "classes"));
    }

    /** Fails on any cycle between the packages under {@code root}. */
    public static void packagesFreeOfCycles(JavaClasses classes, String root) {
        slices().matching(root + ".(**)").should().beFreeOfCycles().allowEmptyShould(true).check(classes);
    }

    /**
     * Fails on two classes that use each other, naming every such pair but those in
     * {@code known}: ties still to be cut, each written {@code "A <-> B"} with simple names, the
     * first before the second alphabetically. A known pair that no longer exists fails too, so
     * that the list only shrinks.
     */
    public static void noTwoClassesUseEachOther(JavaClasses classes, Set<String> known) {
        Map<String, Set<String>> uses = new TreeMap<>();
        for (JavaClass c : classes) {
            String from = outermost(c).getName();
            for (Dependency d : c.getDirectDependenciesFromSelf()) {
                JavaClass target = d.getTargetClass();
                if (!target.isArray() && classes.contain(target.getName())) {
                    String to = outermost(target).getName();
                    if (!to.equals(from)) {
                        uses.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
                    }
                }
            }
        }
        Set<String> ties = new TreeSet<>();
        uses.forEach((from, targets) -> targets.forEach(to -> {
            if (from.compareTo(to) < 0 && uses.getOrDefault(to, Set.of()).contains(from)) {
                ties.add(simple(from) + " <-> " + simple(to));
            }
        }));
        List<String> problems = new ArrayList<>();
        ties.stream().filter(t -> !known.contains(t)).forEach(t -> problems.add("classes that use each other: " + t));
        known.stream().filter(t -> !ties.contains(t))
                .forEach(t -> problems.add("no longer tied, remove it from the known ties: " + t));
        if (!problems.isEmpty()) {
            fail(String.join("\n", problems));
        }
    }

    private static JavaClass outermost(JavaClass c) {
        JavaClass outer = c;
        while (outer.getEnclosingClass().isPresent()) {
            outer = outer.getEnclosingClass().get();
        }
        return outer;
    }

    private static String simple(String name) {
        return name.substring(name.lastIndexOf('.') + 1);
    }
}
