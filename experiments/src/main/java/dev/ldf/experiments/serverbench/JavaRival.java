package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.ldf.deploy.local.Replica;

/**
 * The original LDF Server.Java, from a jar the user built from its public repository (it is not
 * published in a registry), in a JVM with the JVM's default options.
 */
final class ServerJava implements Contender {

    private final Path jar;

    ServerJava(Path jar) {
        this.jar = jar;
    }

    @Override
    public String name() {
        return "Server.Java";
    }

    @Override
    public boolean brtpf() {
        return false;
    }

    @Override
    public Running start(Path hdt, String dataset, Path dir) throws IOException, InterruptedException {
        ObjectMapper json = new ObjectMapper();
        ObjectNode config = json.createObjectNode().put("title", "Benchmark");
        config.putObject("datasourcetypes")
                .put("HdtDatasource", "org.linkeddatafragments.datasource.hdt.HdtDataSourceType");
        config.putObject("datasources").putObject(dataset)
                .put("title", "WatDiv").put("description", "WatDiv").put("type", "HdtDatasource")
                .putObject("settings").put("file", hdt.toAbsolutePath().toString());
        config.putObject("prefixes");  // required, even empty
        Path file = dir.resolve("serverjava.json");
        json.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), config);
        int port = Replica.freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return ExternalServer.start(List.of(java, "-jar", jar.toAbsolutePath().toString(), file.toString(), "-p",
                Integer.toString(port)), Map.of(), dir, dir.resolve("serverjava.log"), port, "/" + dataset);
    }
}
