package dev.ldf.deploy.local;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * An nginx from the system package, run as a child process with the project's cache
 * configuration ({@code nginx/ldf-cache.conf.template}) in front of given upstream servers.
 * Everything it writes (configuration, cache, logs, temporary files) lives in one directory.
 * {@link #close()} stops it.
 */
public final class NginxCache implements AutoCloseable {

    /** The cache statuses nginx reports in {@code $upstream_cache_status}. */
    public enum Status { HIT, MISS, EXPIRED, STALE, UPDATING, REVALIDATED, BYPASS, NONE }

    private static final String BROTLI_MODULE = "/usr/lib/nginx/modules/ngx_http_brotli_filter_module.so";

    private final Process process;
    private final Path dir;
    private final URI uri;

    /**
     * @param maxBody   the largest POST body, in nginx syntax ({@code 256k}); the upstreams must
     *                  accept at least as much
     * @param cacheSize the most the cache may hold on disk ({@code 1g})
     */
    public record Settings(String host, int port, String maxBody, String cacheSize) {}

    private NginxCache(Process process, Path dir, URI uri) {
        this.process = process;
        this.dir = dir;
        this.uri = uri;
    }

    /**
     * Writes the configuration into {@code dir}, checks it with {@code nginx -t} and starts nginx.
     *
     * @throws IllegalStateException when nginx is not installed, the configuration is refused or
     *                               nginx does not start listening
     */
    public static NginxCache start(Path dir, Settings settings, List<InetSocketAddress> upstreams) throws IOException {
        String nginx = binary();
        Path root = dir.toAbsolutePath();
        for (String sub : new String[] {"cache", "logs", "temp"}) {
            Files.createDirectories(root.resolve(sub));
        }
        String upstreamServers = upstreams.stream()
                .map(a -> "server " + a.getHostString() + ":" + a.getPort() + " max_fails=3 fail_timeout=10s;")
                .collect(Collectors.joining(" "));
        String cacheConf = resource("nginx/ldf-cache.conf.template")
                .replace("${LDF_LISTEN}", settings.host() + ":" + settings.port())
                .replace("${LDF_UPSTREAM_SERVERS}", upstreamServers)
                // The first upstream is the primary of live datasets (LocalDeployment starts it first).
                .replace("${LDF_PRIMARY_SERVER}", "server " + upstreams.get(0).getHostString() + ":"
                        + upstreams.get(0).getPort() + ";")
                .replace("${LDF_CACHE_PATH}", root.resolve("cache").toString())
                .replace("${LDF_CACHE_SIZE}", settings.cacheSize())
                .replace("${LDF_MAX_BODY}", settings.maxBody())
                .replace("${LDF_ACCESS_LOG}", root.resolve("logs/access.log").toString());
        Files.writeString(root.resolve("ldf-cache.conf"), cacheConf);
        boolean brotli = Files.exists(Path.of(BROTLI_MODULE));
        if (brotli) {
            Files.writeString(root.resolve("ldf-brotli.conf"), resource("nginx/ldf-brotli.conf"));
        }
        String main = NginxConfig.main(root, brotli ? "load_module " + BROTLI_MODULE + ";\n" : "", "2",
                "    include " + root.resolve("ldf-cache.conf") + ";\n"
                        + (brotli ? "    include " + root.resolve("ldf-brotli.conf") + ";\n" : ""));
        Path conf = root.resolve("nginx.conf");
        Files.writeString(conf, main);

        Process check = new ProcessBuilder(nginx, "-t", "-p", root.toString(), "-c", conf.toString())
                .redirectErrorStream(true).start();
        String checkOutput = new String(check.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (waitFor(check) != 0) {
            throw new IllegalStateException("nginx refuses the configuration in " + conf + ":\n" + checkOutput);
        }
        // nginx retries a taken port for seconds while the port answers: only a check before tells.
        requireFreePort(settings.host(), settings.port());
        Process process = new ProcessBuilder(nginx, "-p", root.toString(), "-c", conf.toString())
                .redirectErrorStream(true).redirectOutput(root.resolve("logs/nginx.out").toFile()).start();
        URI uri = URI.create("http://" + settings.host() + ":" + settings.port() + "/");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(15);
        while (!listening(settings.host(), settings.port())) {
            if (!process.isAlive() || System.nanoTime() > deadline) {
                process.destroyForcibly();
                throw new IllegalStateException("nginx did not start listening on " + uri + ": "
                        + tail(root.resolve("logs/error.log")));
            }
            sleep(50);
        }
        return new NginxCache(process, root, uri);
    }

    /** Fails, naming the port and what to do, when something on this machine listens on it. */
    public static void requireFreePort(String host, int port) throws IOException {
        try (ServerSocket socket = new ServerSocket()) {
            socket.setReuseAddress(true);
            socket.bind(new InetSocketAddress(InetAddress.getByName(host), port));
        } catch (BindException e) {
            throw new IllegalStateException("Port " + port + " on " + host + " is already in use: stop the process "
                    + "that holds it, or choose another port with --port");
        }
    }

    public URI uri() {
        return uri;
    }

    public long pid() {
        return process.pid();
    }

    public Path directory() {
        return dir;
    }

    /** Waits until the access log has not grown for 50 ms (at most two seconds). */
    private void awaitQuietLog() throws IOException {
        long size = Files.size(accessLog());
        for (int i = 0; i < 40; i++) {
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
            long now = Files.size(accessLog());
            if (now == size) {
                return;
            }
            size = now;
        }
    }

    public Path accessLog() {
        return dir.resolve("logs/access.log");
    }

    /**
     * How many requests the access log shows with each cache status (NONE: not cacheable). nginx
     * writes a request's line after it has answered it, so the log is read once it has stopped
     * growing for a moment.
     */
    public Map<Status, Long> statuses() {
        Map<Status, Long> counts = new EnumMap<>(Status.class);
        for (Status s : Status.values()) {
            counts.put(s, 0L);
        }
        try {
            if (!Files.exists(accessLog())) {
                return counts;
            }
            awaitQuietLog();
            for (String line : Files.readAllLines(accessLog())) {
                String[] fields = line.trim().split(" ");
                if (fields.length < 2) {
                    continue;
                }
                String value = fields[fields.length - 2];
                Status status = value.equals("-") ? Status.NONE : Status.valueOf(value.toUpperCase(Locale.ROOT));
                counts.merge(status, 1L, Long::sum);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("Unexpected cache status in " + accessLog(), e);
        }
        return counts;
    }

    /** The nginx processes: the master and its workers. */
    public List<ProcessHandle> processes() {
        ProcessHandle master = process.toHandle();
        return Stream.concat(Stream.of(master), master.descendants()).toList();
    }

    /** CPU time nginx (master and workers) has used so far: the cache's own cost. */
    public Duration cpuTime() {
        return processes().stream().map(p -> p.info().totalCpuDuration().orElse(Duration.ZERO))
                .reduce(Duration.ZERO, Duration::plus);
    }

    /** Stops nginx (a fast shutdown), waiting for it to exit. */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    /** The nginx executable, or an error that says how to install it. */
    public static String binary() {
        return Executables.find("nginx", "/usr/sbin", "/usr/local/sbin", "/usr/local/nginx/sbin")
                .orElseThrow(() -> new IllegalStateException("nginx is not installed (Debian: apt-get install -y nginx)"));
    }

    /** True when nginx can be found on this machine. */
    public static boolean installed() {
        try {
            binary();
            return true;
        } catch (IllegalStateException e) {
            return false;
        }
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = NginxCache.class.getClassLoader().getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("Missing resource " + name);
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    static boolean listening(String host, int port) {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress(host, port), 200);
            return true;
        } catch (IOException e) {
            return false;
        }
    }

    private static int waitFor(Process p) {
        try {
            return p.waitFor();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return -1;
        }
    }

    static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String tail(Path file) {
        try {
            List<String> lines = Files.exists(file) ? Files.readAllLines(file) : List.of();
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 5), lines.size()));
        } catch (IOException e) {
            return "(no log)";
        }
    }
}
