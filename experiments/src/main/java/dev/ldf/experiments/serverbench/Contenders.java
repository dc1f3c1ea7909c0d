package dev.ldf.experiments.serverbench;

import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import dev.ldf.cli.UsageException;
import dev.ldf.server.config.DatasetConfig;

/** The servers the benchmark knows, by the names {@code --servers} takes. */
public final class Contenders {

    private final List<String> oursJvm;
    private final Path serverJavaJar;
    private final Path brtpfPrototypeJar;
    private final Path serverJsDir;

    public Contenders(List<String> oursJvm, Path serverJavaJar, Path brtpfPrototypeJar, Path serverJsDir) {
        this.oursJvm = oursJvm;
        this.serverJavaJar = serverJavaJar;
        this.brtpfPrototypeJar = brtpfPrototypeJar;
        this.serverJsDir = serverJsDir;
    }

    /** The server called {@code name}; empty for a Java rival without its jar. */
    public Optional<Contender> named(String name) {
        return switch (name.toLowerCase(Locale.ROOT)) {
            case "ours" -> Optional.of(new OurServer(ServerBenchReport.OURS, DatasetConfig.Loading.AUTO, oursJvm));
            case "ours-map" -> Optional.of(new OurServer("ours, --map", DatasetConfig.Loading.MAP, oursJvm));
            case "server.js" -> Optional.of(new ServerJs(serverJsDir, Runtime.getRuntime().availableProcessors()));
            case "server.java" -> Optional.ofNullable(serverJavaJar).map(JavaRival::serverJava);
            case "brtpf-prototype" -> Optional.ofNullable(brtpfPrototypeJar).map(JavaRival::brtpfPrototype);
            case "nginx" -> Optional.of(new NginxStatic());
            default -> throw new UsageException("unknown server " + name + ": --servers takes ours, ours-map, server.js, "
                    + "server.java, brtpf-prototype, nginx");
        };
    }
}
