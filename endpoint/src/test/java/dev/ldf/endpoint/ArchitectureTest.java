package dev.ldf.endpoint;

import dev.ldf.cli.testing.ArchitectureRules;

/** This module's main code: no cycles between its packages, no two classes that use each other. */
class ArchitectureTest extends ArchitectureRules {

    @Override
    protected String root() {
        return "dev.ldf.endpoint";
    }
}
