package dev.ldf.hdt;

import dev.ldf.cli.testing.ArchitectureRules;

/** This module's main code: no cycles between its packages, no two classes that use each other. */
class HdtCoreArchitectureTest extends ArchitectureRules {

    @Override
    protected String root() {
        return "dev.ldf.hdt";
    }
}
