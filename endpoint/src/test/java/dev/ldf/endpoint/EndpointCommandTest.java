package dev.ldf.endpoint;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.cli.ExitCode;
import dev.ldf.cli.testing.CommandRun;
import dev.ldf.client.testing.TestServer;

/** {@code ldf-endpoint}'s mistakes, each one line with the convention's exit code, before anything listens. */
@Tag("server")
class EndpointCommandTest {

    private static CommandRun run(String... args) {
        return CommandRun.of(() -> EndpointCommand.run(System.out, System.err, args));
    }

    @Test
    void versionAndMistakesInTheCall() {
        run("-V").printsVersion("ldf-endpoint");
        run().failsWithOneLine(ExitCode.USAGE, "SOURCE");
        run("--timeout", "0", TestServer.dataset("library")).failsWithOneLine(ExitCode.USAGE, "--timeout");
        run("--max-queries", "many", TestServer.dataset("library")).failsWithOneLine(ExitCode.USAGE, "--max-queries");
    }

    @Test
    void aSourceThatCannotBeReachedIsNamed() throws IOException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = free.getLocalPort();
        }
        String url = "http://127.0.0.1:" + port + "/nothing";
        run("--port", "0", url).failsWith(ExitCode.FAILURE, url);
    }

    @Test
    void aPortInUseSaysToChooseAnother() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            run("--port", Integer.toString(taken.getLocalPort()), TestServer.dataset("library"))
                    .failsWithOneLine(ExitCode.USAGE, "--port");
        }
    }
}
