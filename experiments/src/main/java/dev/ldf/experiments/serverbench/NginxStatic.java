package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.ldf.deploy.local.NginxCache;
import dev.ldf.deploy.local.NginxConfig;
import dev.ldf.deploy.local.Replica;

/**
 * The ceiling: nginx serving one 5 KB static file (about a first page of N-Triples) with as many
 * workers as cores, through the same harness. No server that computes its answers can beat it.
 */
final class NginxStatic implements Contender {

    static final int FILE_BYTES = 5 * 1024;
    static final String NAME = "nginx static 5 KB";

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public boolean brtpf() {
        return false;
    }

    @Override
    public boolean fragments() {
        return false;
    }

    @Override
    public Running start(Path hdt, String dataset, Path dir) throws IOException, InterruptedException {
        Path root = dir.toAbsolutePath();
        Path www = Files.createDirectories(root.resolve("www"));
        for (String sub : new String[] {"logs", "temp"}) {
            Files.createDirectories(root.resolve(sub));
        }
        String line = "<http://example.org/s> <http://example.org/p> \"a 5 KB static file served by nginx\" .\n";
        Files.writeString(www.resolve(dataset), line.repeat(FILE_BYTES / line.length() + 1).substring(0, FILE_BYTES));
        int port = Replica.freePort();
        String conf = NginxConfig.main(root, "", "auto", "    access_log off;\n    default_type application/n-triples;\n"
                + "    server {\n        listen 127.0.0.1:" + port + ";\n        root " + www + ";\n"
                // Every path of the lists (any query string) gets the one file.
                + "        location / { try_files /" + dataset + " =404; }\n    }\n");
        Path file = root.resolve("nginx.conf");
        Files.writeString(file, conf, StandardCharsets.UTF_8);
        return ExternalServer.start(List.of(NginxCache.binary(), "-p", root.toString(), "-c", file.toString()), Map.of(),
                root, root.resolve("logs/nginx.out"), port, "/" + dataset);
    }
}
