package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.ldf.deploy.local.Replica;

/**
 * A rival in Java from a jar the user built from its public repository (neither is published in a
 * registry; {@code experiments/rivals/build-java-rivals.sh} builds both): the original LDF
 * Server.Java, or the brTPF prototype of the brTPF paper (Server.Java's {@code feature-brtpf}
 * branch). Each runs in a JVM with the JVM's default options, as their READMEs start them.
 */
final class JavaRival implements Contender {

    static final String SERVER_JAVA = "Server.Java";
    static final String BRTPF_PROTOTYPE = "brTPF prototype";

    private final String name;
    private final Path jar;
    private final boolean brtpf;

    private JavaRival(String name, Path jar, boolean brtpf) {
        this.name = name;
        this.jar = jar;
        this.brtpf = brtpf;
    }

    static JavaRival serverJava(Path jar) {
        return new JavaRival(SERVER_JAVA, jar, false);
    }

    static JavaRival brtpfPrototype(Path jar) {
        return new JavaRival(BRTPF_PROTOTYPE, jar, true);
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public boolean brtpf() {
        return brtpf;
    }

    /** The prototype writes Turtle whatever a request asks for. */
    @Override
    public boolean negotiates() {
        return !brtpf;
    }

    @Override
    public Running start(Path hdt, String dataset, Path dir) throws IOException, InterruptedException {
        // One configuration serves both: the prototype reads "datasources" and "prefixes" only.
        ObjectMapper json = new ObjectMapper();
        ObjectNode config = json.createObjectNode().put("title", "Benchmark");
        config.putObject("datasourcetypes")
                .put("HdtDatasource", "org.linkeddatafragments.datasource.hdt.HdtDataSourceType");
        config.putObject("datasources").putObject(dataset)
                .put("title", "WatDiv").put("description", "WatDiv").put("type", "HdtDatasource")
                .putObject("settings").put("file", hdt.toAbsolutePath().toString());
        config.putObject("prefixes");  // required, even empty
        Path file = dir.resolve("config.json");
        json.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), config);
        int port = Replica.freePort();
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        return ExternalServer.start(List.of(java, "-jar", jar.toAbsolutePath().toString(), file.toString(), "-p",
                Integer.toString(port)), Map.of(), dir, dir.resolve("server.log"), port, "/" + dataset);
    }
}
