package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import dev.ldf.deploy.local.Replica;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

/** This project's server, started as the README starts it (bin/ldf-server), unless JVM options or a loading mode are given. */
final class OurServer implements Contender {

    private final String name;
    private final DatasetConfig.Loading loading;
    private final List<String> jvmArgs;

    OurServer(String name, DatasetConfig.Loading loading, List<String> jvmArgs) {
        this.name = name;
        this.loading = loading;
        this.jvmArgs = jvmArgs;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean brtpf() {
        return true;
    }

    @Override
    public boolean dumps() {
        return true;
    }

    @Override
    public Running start(Path hdt, String dataset, Path dir) throws IOException {
        DatasetConfig data = DatasetConfig.builder(dataset, hdt.toAbsolutePath().toString())
                .title("WatDiv").loading(loading).prefixes(Map.of()).build();
        Path config = dir.resolve("server.json");
        ConfigFile.write(ServerConfig.builder().title("Benchmark").listener("127.0.0.1", 0).datasets(List.of(data)).build(),
                config);
        Replica replica = Replica.start(config, dir.resolve("server.log"), jvmArgs);
        ProcessHandle process = ProcessHandle.of(replica.pid()).orElseThrow();
        return new Running() {
            @Override
            public URI uri() {
                return replica.uri();
            }

            @Override
            public ProcessHandle process() {
                return process;
            }

            @Override
            public void close() {
                replica.close();
            }
        };
    }
}
