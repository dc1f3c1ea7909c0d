package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.ldf.deploy.local.Replica;

/**
 * LDF Server.js ({@code @ldf/server} 3 from npm, HDT through its native {@code hdt} module), the
 * server most TPF deployments run, with as many workers as the machine has cores. Installed once
 * into a directory of its own; a preloaded script binds it to the loopback interface.
 */
final class ServerJs implements Contender {

    static final String PACKAGE = "@ldf/server@3";

    private final Path installDir;
    private final int workers;

    ServerJs(Path installDir, int workers) {
        this.installDir = installDir.toAbsolutePath();
        this.workers = workers;
    }

    @Override
    public String name() {
        return "Server.js";
    }

    @Override
    public boolean brtpf() {
        return false;
    }

    @Override
    public Running start(Path hdt, String dataset, Path dir) throws IOException, InterruptedException {
        Path binary = install();
        Path loopback = dir.resolve("loopback.js");
        try (InputStream in = ServerJs.class.getClassLoader().getResourceAsStream("serverbench/loopback.js")) {
            Files.write(loopback, in.readAllBytes());
        }
        ObjectMapper json = new ObjectMapper();
        ObjectNode config = json.createObjectNode()
                .put("@context", "https://linkedsoftwaredependencies.org/bundles/npm/@ldf/server/^3.0.0/components/context.jsonld")
                .put("@id", "urn:ldf-server:my")  // the id the preset attaches its defaults to
                .put("import", "preset-qpf:config-defaults.json")
                .put("title", "Benchmark");
        config.putArray("datasources").addObject()
                .put("@id", "urn:ldf-server:watdiv")
                .put("@type", "HdtDatasource")
                .put("datasourceTitle", "WatDiv")
                .put("datasourcePath", dataset)
                .put("hdtFile", hdt.toAbsolutePath().toString());
        Path file = dir.resolve("serverjs.json");
        json.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), config);
        int port = Replica.freePort();
        return ExternalServer.start(List.of(binary.toString(), file.toString(), Integer.toString(port),
                        Integer.toString(workers)),
                Map.of("NODE_OPTIONS", "--require " + loopback.toAbsolutePath()), dir, dir.resolve("serverjs.log"),
                port, "/" + dataset);
    }

    /** Installs the package (with its native HDT module built) unless it is there already. */
    private Path install() throws IOException, InterruptedException {
        Path binary = installDir.resolve("node_modules/.bin/ldf-server");
        if (Files.isExecutable(binary) && Files.exists(installDir.resolve("node_modules/hdt/build/Release/hdt.node"))) {
            return binary;
        }
        Files.createDirectories(installDir);
        Path log = installDir.resolve("npm.log");
        System.err.println("installing " + PACKAGE + " from npm into " + installDir + " (once; log: " + log + ")");
        npm(log, true, "install", "--no-audit", "--no-fund", PACKAGE);
        // npm 11 runs a package's install scripts only once allowed; older npm has no such command.
        npm(log, false, "install-scripts", "approve", "hdt");
        System.err.println("building the native hdt module (node-gyp)");
        npm(log, true, "rebuild", "hdt", "--foreground-scripts");
        if (!Files.isExecutable(binary)) {
            throw new IllegalStateException("npm did not install " + binary + "; see " + log);
        }
        return binary;
    }

    private void npm(Path log, boolean required, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("npm"));
        command.addAll(List.of(args));
        Process p = new ProcessBuilder(command).directory(installDir.toFile()).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        int exit = p.waitFor();
        if (exit != 0 && required) {
            throw new IllegalStateException("npm " + String.join(" ", args) + " failed (exit " + exit + "); see " + log
                    + ". Node.js, npm and a C++ compiler are needed (Debian: apt-get install -y nodejs npm g++ make python3)");
        }
    }
}
