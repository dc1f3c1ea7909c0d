package dev.ldf.experiments.preemption;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientListener;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.QueryClient;
import dev.ldf.watdiv.workload.Workload;

/**
 * The convoy part's load: clients that keep running the long queries, in a process of their own,
 * pinned away from the server and at the lowest priority, so that they load the server as clients
 * on other machines would, without taking CPU from the server or the client being measured (which
 * runs beside them at normal priority and mostly waits). The process says
 * {@value #STARTED} once every client has sent its first query, and stops when its standard input
 * closes.
 */
public final class BackgroundClients implements AutoCloseable {

    static final String STARTED = "started";
    static final String COMPLETED = "completed ";

    private final Process process;
    private final BufferedReader out;
    private long completed = -1;

    private BackgroundClients(Process process, BufferedReader out) {
        this.process = process;
        this.out = out;
    }

    /** Queries the clients completed, known once they have stopped; -1 if they did not say. */
    long completed() {
        return completed;
    }

    /**
     * Starts {@code clients} clients of {@code c} against {@code url}, looping over {@code queries},
     * on {@code cpus} (a taskset list; null: wherever the system runs them), niced.
     */
    static BackgroundClients start(String url, Configuration c, Duration timeout, int clients,
            List<Workload.Entry> queries, String cpus, Path work) throws IOException {
        Path file = work.resolve("long-queries.tsv");
        Workload.write(file, queries);
        List<String> command = new ArrayList<>();
        if (cpus != null) {
            command.addAll(List.of("taskset", "-c", cpus));
        }
        command.addAll(List.of("nice", "-n", "19"));
        command.addAll(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx512m", "-cp",
                System.getProperty("java.class.path"), BackgroundClients.class.getName(), url, c.mode().name(),
                Integer.toString(c.maxMpR()), Integer.toString(c.quantumMillis()), Boolean.toString(c.complete()),
                Long.toString(timeout.toSeconds()), Integer.toString(clients), file.toString()));
        Process process = new ProcessBuilder(command).redirectError(work.resolve("background-clients.log").toFile())
                .start();
        BufferedReader out = process.inputReader(StandardCharsets.UTF_8);
        String line = out.readLine();
        if (!STARTED.equals(line)) {
            process.destroyForcibly();
            throw new IOException("The background clients did not start (see " + work.resolve("background-clients.log")
                    + ")");
        }
        return new BackgroundClients(process, out);
    }

    /** Stops the clients; they report how many queries they completed. */
    @Override
    public void close() throws IOException {
        process.getOutputStream().close();
        String line = out.readLine();
        if (line != null && line.startsWith(COMPLETED)) {
            completed = Long.parseLong(line.substring(COMPLETED.length()).strip());
        }
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
        }
    }

    /** {@code url mode maxMpR quantumMillis complete timeoutSeconds clients queries.tsv} */
    public static void main(String[] args) throws Exception {
        String url = args[0];
        Configuration c = new Configuration(Mode.valueOf(args[1]), Integer.parseInt(args[2]), false, 100,
                Integer.parseInt(args[3]), Boolean.parseBoolean(args[4]));
        Duration timeout = Duration.ofSeconds(Long.parseLong(args[5]));
        int clients = Integer.parseInt(args[6]);
        List<Workload.Entry> queries = Workload.read(Path.of(args[7]));
        CountDownLatch sent = new CountDownLatch(clients);
        AtomicLong done = new AtomicLong();
        List<Thread> threads = new ArrayList<>();
        for (int i = 0; i < clients; i++) {
            int client = i;
            Thread t = new Thread(() -> {
                try (QueryClient runner = c.client(url, timeout, new ClientListener() { }, "background-" + client)) {
                    boolean first = true;
                    for (int k = client; !Thread.currentThread().isInterrupted(); k++) {
                        if (first) {
                            sent.countDown();
                            first = false;
                        }
                        if (runner.run(queries.get(k % queries.size()), timeout, false).completed()) {
                            done.incrementAndGet();
                        }
                    }
                }
            }, "background-" + client);
            t.setDaemon(true);
            t.start();
            threads.add(t);
        }
        sent.await();
        System.out.println(STARTED);
        System.out.flush();
        // Runs until the parent closes standard input (or the process is killed).
        try (BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8))) {
            while (in.readLine() != null) {
                // nothing to read: waiting for the end of input
            }
        }
        threads.forEach(Thread::interrupt);
        System.out.println(COMPLETED + done.get());
        System.out.flush();
        System.exit(0);
    }
}
