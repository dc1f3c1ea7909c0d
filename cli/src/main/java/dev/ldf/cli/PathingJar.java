package dev.ldf.cli;

import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.jar.Attributes;
import java.util.jar.JarOutputStream;
import java.util.jar.Manifest;
import java.util.stream.Collectors;

/**
 * A jar that is only a manifest: a main class and this JVM's class path. A launcher script that
 * runs {@code java -jar} runs it as it runs a built jar, on the classes of this very build.
 */
public final class PathingJar {

    private PathingJar() {
    }

    /** Writes the jar to {@code file} and returns it. */
    public static Path write(Path file, Class<?> mainClass) throws IOException {
        Manifest manifest = new Manifest();
        Attributes main = manifest.getMainAttributes();
        main.put(Attributes.Name.MANIFEST_VERSION, "1.0");
        main.put(Attributes.Name.MAIN_CLASS, mainClass.getName());
        main.put(Attributes.Name.CLASS_PATH, Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
                .map(entry -> Path.of(entry).toAbsolutePath().toUri().toString()).collect(Collectors.joining(" ")));
        try (OutputStream out = Files.newOutputStream(file); JarOutputStream jar = new JarOutputStream(out, manifest)) {
            jar.flush(); // the manifest is the whole jar
        }
        return file;
    }
}
