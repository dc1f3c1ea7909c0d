package dev.ldf.deploy;

import dev.ldf.cli.Commands;
import dev.ldf.cli.ExitCode;
import dev.ldf.deploy.local.LocalDeploymentCommand;
import dev.ldf.deploy.soak.SoakCommand;
import picocli.CommandLine.Command;

/** {@code ldf-deploy}: run a deployment on this machine, and check how a server holds up under load. */
@Command(name = "ldf-deploy", mixinStandardHelpOptions = true,
        description = "Server replicas behind an nginx cache on this machine (local), and a soak test of a server (soak).",
        subcommands = {LocalDeploymentCommand.class, SoakCommand.class})
public final class DeployCommand {

    public static void main(String[] args) {
        int code = Commands.run(new DeployCommand(), args);
        if (code != ExitCode.OK) {
            System.exit(code);
        }
    }
}
