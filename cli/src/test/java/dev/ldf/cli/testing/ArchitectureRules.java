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
import org.junit.jupiter.api.Test;

import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * The rules every module's main code keeps, as tests that each module's {@code ArchitectureTest}
 * inherits with its root package: no cycles between packages, and no two classes that use each
 * other (a nested class counts as the class it is in). A module's own rules (what may not reach
 * what) are tests of its own beside them.
 */
public abstract class ArchitectureRules {

    /** Imported once per test JVM: surefire runs each module's tests in a JVM of its own. */
    private static JavaClasses classes;

    /** The package under which this module's classes live, e.g. {@code dev.ldf.server}. */
    protected abstract String root();

    /**
     * The pairs of classes still tied, each written {@code "A <-> B"} with simple names, the
     * first before the second alphabetically; the list may only shrink.
     */
    protected Set<String> knownTies() {
        return Set.of();
    }

    /** This module's main classes. */
    protected static synchronized JavaClasses mainClasses() {
        if (classes == null) {
            classes = importMainClasses();
        }
        return classes;
    }

    @Test
    public void packagesHaveNoCycles() {
        packagesFreeOfCycles(mainClasses(), root());
    }

    @Test
    public void noTwoClassesUseEachOther() {
        noTwoClassesUseEachOther(mainClasses(), knownTies());
    }

    /**
     * The main classes this module compiled ({@code target/classes}; tests run in the module's
     * directory), not those of the modules it uses, which their own tests check.
     */
    private static JavaClasses importMainClasses() {
        return new ClassFileImporter().importPath(Path.of("target", "classes"));
    }

    /** Fails on any cycle between the packages under {@code root}. */
    private static void packagesFreeOfCycles(JavaClasses classes, String root) {
        slices().matching(root + ".(**)").should().beFreeOfCycles().allowEmptyShould(true).check(classes);
    }

    /**
     * Fails on two classes that use each other, naming every such pair but those in
     * {@code known}; a known pair that no longer exists fails too, so that the list only shrinks.
     */
    private static void noTwoClassesUseEachOther(JavaClasses classes, Set<String> known) {
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
