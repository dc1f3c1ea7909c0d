package dev.ldf.experiments.scale;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import dev.ldf.deploy.local.Replica;
import dev.ldf.experiments.run.ProcessMemory;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

/**
 * Start-up at size, with the README's start command: from launching {@code bin/ldf-server} until
 * its readiness endpoint answers 200, with the index beside the file (several times: the page
 * cache is warm after the first) and without it, when the server builds it on its way up; the
 * peak resident memory of each start, and the server's own {@code Memory:} line, which says
 * whether it loaded or mapped the file and why.
 */
final class StartupTimes {

    /** One start. */
    record Start(String setting, int attempt, double seconds, long peakRssBytes, long peakAnonymousRssBytes,
            String memoryLine) {}

    static final Duration TIMEOUT = Duration.ofMinutes(30);

    private final List<String> jvmArgs;
    private final PrintStream progress;

    StartupTimes(List<String> jvmArgs, PrintStream progress) {
        this.jvmArgs = jvmArgs;
        this.progress = progress;
    }

    /** {@code indexed} starts with the index, then one without it; the index is there again afterwards. */
    List<Start> measure(Path hdt, int indexed, Path work) throws IOException {
        Path config = config(hdt, work);
        List<Start> starts = new ArrayList<>();
        for (int attempt = 1; attempt <= indexed; attempt++) {
            starts.add(start("index present", attempt, config, work));
        }
        Path index = HdtFiles.indexFile(hdt);
        Path aside = index.resolveSibling(index.getFileName() + ".aside");
        Files.move(index, aside, StandardCopyOption.REPLACE_EXISTING);
        try {
            starts.add(start("index missing (built at start)", 1, config, work));
        } finally {
            if (Files.exists(index)) {
                Files.delete(aside);  // the server wrote the index it built
            } else {
                Files.move(aside, index);
            }
        }
        return starts;
    }

    private Start start(String setting, int attempt, Path config, Path work) throws IOException {
        Path log = work.resolve("startup-" + setting.replaceAll("[^a-z]+", "-") + "-" + attempt + ".log");
        long begin = System.nanoTime();
        // Every child of this JVM: the server about to start is the only one while it starts.
        ProcessMemory memory = ProcessMemory.sampleChildren(ProcessHandle.current());
        try (Replica replica = Replica.start(config, log, jvmArgs, 0, TIMEOUT)) {
            double seconds = (System.nanoTime() - begin) / 1e9;
            memory.close();
            long rss = memory.peakBytes();
            Start start = new Start(setting, attempt, seconds, rss, memory.peakAnonymousBytes(), memoryLine(log));
            progress.printf(Locale.ROOT, "startup, %s (%d): ready in %.1f s, peak RSS %d MB (anonymous %d MB)%n", setting,
                    attempt, seconds, rss >> 20, memory.peakAnonymousBytes() >> 20);
            return start;
        } finally {
            memory.close();
        }
    }

    private static String memoryLine(Path log) throws IOException {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(l -> l.contains("Memory: ")).findFirst()
                    .map(l -> l.substring(l.indexOf("Memory: "))).orElse("");
        }
    }

    static Path config(Path hdt, Path work) throws IOException {
        Files.createDirectories(work);
        DatasetConfig data = DatasetConfig.builder("watdiv", hdt.toAbsolutePath().toString()).title("WatDiv")
                .prefixes(Map.of()).build();
        Path config = work.resolve("server.json");
        ConfigFile.write(ServerConfig.builder().title("Scale").listener("127.0.0.1", 0).datasets(List.of(data)).build(),
                config);
        return config;
    }
}
