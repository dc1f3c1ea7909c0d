package dev.ldf.deploy;

import java.util.Set;

import com.tngtech.archunit.core.domain.JavaClasses;
import org.junit.jupiter.api.Test;

import dev.ldf.cli.testing.ArchitectureRules;

/** This module's main code: no cycles between its packages, no two classes that use each other. */
class ArchitectureTest {

    private static final JavaClasses CLASSES = ArchitectureRules.mainClasses();

    @Test
    void packagesHaveNoCycles() {
        ArchitectureRules.packagesFreeOfCycles(CLASSES, "dev.ldf.deploy");
    }

    @Test
    void noTwoClassesUseEachOther() {
        ArchitectureRules.noTwoClassesUseEachOther(CLASSES, Set.of());
    }
}
