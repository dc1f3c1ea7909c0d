package dev.ldf.server;

import org.junit.jupiter.api.Test;

import dev.ldf.cli.testing.ArchitectureRules;
import dev.ldf.server.live.log.LoggedPatch;

import static com.tngtech.archunit.base.DescribedPredicate.not;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.belongToAnyOf;
import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAnyPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

/**
 * The server's walls: no cycles between packages, no two classes that use each other; what a
 * fragment is, and the preemptive engine, know neither Jetty nor how the data is stored; the HTTP
 * layer reaches the data only through the datasource and live-dataset interfaces (and the log's
 * records, which the change feed sends as they are).
 */
class ArchitectureTest extends ArchitectureRules {

    private static final String[] STORAGE = {"dev.ldf.server.hdt..", "dev.ldf.server.live.index..",
            "dev.ldf.server.live.log..", "dev.ldf.server.live.read..", "org.rdfhdt.hdt.hdt..", "org.rdfhdt.hdt.triples.."};

    @Override
    protected String root() {
        return "dev.ldf.server";
    }

    @Test
    void fragmentsAndPreemptionKnowNeitherJettyNorStorage() {
        noClasses().that().resideInAnyPackage("dev.ldf.server.fragment..", "dev.ldf.server.preemption..",
                        "dev.ldf.server.syntax..")
                .should().dependOnClassesThat().resideInAnyPackage("org.eclipse.jetty..", "jakarta.servlet..",
                        "dev.ldf.server.hdt..", "dev.ldf.server.live..")
                .check(mainClasses());
    }

    @Test
    void httpKnowsNoStorageClasses() {
        noClasses().that().resideInAPackage("dev.ldf.server.http..")
                .should().dependOnClassesThat(resideInAnyPackage(STORAGE).and(not(belongToAnyOf(LoggedPatch.class))))
                .check(mainClasses());
    }
}
