package dev.ldf.experiments.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import org.rdfhdt.hdt.hdt.HDT;
import dev.ldf.deploy.local.Replica;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;

/** The live-data experiment's servers: a copy of the HDT file (with its index) and a server process over it. */
final class LiveServers {

    private LiveServers() {}

    static Replica start(List<String> jvmArgs, Path dir, Path hdt, Writes writes) throws IOException {
        DatasetConfig dataset = DatasetConfig.builder("watdiv", hdt.toAbsolutePath().toString())
                .title("WatDiv, live").pageSize(100).loading(DatasetConfig.Loading.AUTO).maxBindingsPerRequest(30)
                .writes(writes).build();
        Path config = dir.resolve("server.json");
        ConfigFile.write(ServerConfig.builder()
                .title("Live experiment").listener("127.0.0.1", 0).cacheMaxAgeSeconds(60).datasets(List.of(dataset))
                .build(), config);
        return Replica.start(config, dir.resolve("server.log"), jvmArgs);
    }

    /**
     * The file and its index for a server of its own: hard links where the file system allows, a copy
     * where it does not. A server never writes its file in place (a compaction or a follower's new
     * base is renamed over it), so a link leaves the original as it was; at a billion triples three
     * copies would take 34 GB of disk and three times the page cache.
     */
    static Path copy(Path hdt, Path dir) throws IOException {
        Path copy = dir.resolve(hdt.getFileName());
        linkOrCopy(hdt, copy);
        linkOrCopy(HdtFiles.indexFile(hdt), HdtFiles.indexFile(copy));
        return copy;
    }

    private static void linkOrCopy(Path source, Path target) throws IOException {
        Files.deleteIfExists(target);
        try {
            Files.createLink(target, source);
        } catch (IOException | UnsupportedOperationException e) {
            Files.copy(source, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
