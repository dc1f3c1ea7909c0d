package dev.ldf.experiments.cli;

import java.nio.file.Path;
import java.util.Collection;
import java.util.List;

import dev.ldf.experiments.run.ExperimentServer;
import dev.ldf.server.config.DatasetConfig;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/** How the server of the paper's experiments runs: its JVM options and how it opens the HDT file. */
final class ServerProcessOptions {

    @Option(names = "--server-jvm", defaultValue = "-Xmx2g", split = " ",
            description = "JVM options of the server process (default: ${DEFAULT-VALUE}).")
    List<String> serverJvm;

    @Option(names = "--loading", defaultValue = "load", converter = LoadingConverter.class,
            description = "How the server opens the HDT file: load (on the heap), map or auto (default: ${DEFAULT-VALUE}).")
    DatasetConfig.Loading loading;

    @Option(names = "--server-port",
            description = "The server's port on loopback; 0 takes any free one (default: 0; network-load: 18090, "
                    + "fixed because the URLs in responses, and with them the gzipped bytes, depend on it).")
    Integer serverPort;

    /** The server's settings; {@code port} unless {@code --server-port} says otherwise. */
    ExperimentServer.Settings server(Path hdt, Collection<Integer> pageSizes, int maxMpR, int port) {
        return new ExperimentServer.Settings(hdt, pageSizes, maxMpR, loading, serverJvm,
                serverPort != null ? serverPort : port);
    }

    /** Checked as the call is read, before any data is generated. */
    static final class LoadingConverter implements CommandLine.ITypeConverter<DatasetConfig.Loading> {
        @Override
        public DatasetConfig.Loading convert(String name) {
            return switch (name) {
                case "load" -> DatasetConfig.Loading.LOAD;
                case "map" -> DatasetConfig.Loading.MAP;
                case "auto" -> DatasetConfig.Loading.AUTO;
                default -> throw new CommandLine.TypeConversionException("load, map or auto, not " + name);
            };
        }
    }
}
