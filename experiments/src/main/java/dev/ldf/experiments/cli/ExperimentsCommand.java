package dev.ldf.experiments.cli;

import dev.ldf.cli.Commands;
import dev.ldf.cli.ExitCode;
import picocli.CommandLine.Command;

/** {@code ldf-experiments}: the brTPF paper's experiments, run with this project's server, cache and client. */
@Command(name = "ldf-experiments", mixinStandardHelpOptions = true,
        description = "The experiments of Hartig and Buil-Aranda's brTPF paper (ODBASE 2016) on WatDiv data: "
                + "network load, throughput with and without a cache, cache-hit potential; and Web preemption beside them.",
        subcommands = {NetworkLoadCommand.class, ThroughputCommand.class, CacheHitsCommand.class,
                ServerBenchCommand.class, PreemptionCommand.class, LiveCommand.class, LiveFreshCommand.class, ScaleCommand.class, FederationCommand.class, ClientProcessCommand.class, VerifyCommand.class,
                ReadmeCommand.class})
public final class ExperimentsCommand {

    public static void main(String[] args) {
        int code = Commands.run(new ExperimentsCommand(), args);
        if (code != ExitCode.OK) {
            System.exit(code);
        }
    }
}
