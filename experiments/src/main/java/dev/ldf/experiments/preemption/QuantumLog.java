package dev.ldf.experiments.preemption;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.http.ServerTiming;

/**
 * Every answer of a preemptive endpoint that the clients of a run received, with the server's own
 * account of it ({@code Server-Timing}): how long the request queued, and how long resuming,
 * running and suspending took. Each client listens through its own {@link #client}, which knows
 * the query it is running. Thread-safe.
 */
final class QuantumLog {

    /**
     * One answer.
     *
     * @param tokenBytes size of the continuation token, 0 when the query completed
     * @param resumed    whether the request carried a token (so that the plan was resumed)
     */
    record Quantum(String part, String configuration, int clients, int repeat, String query, int solutions,
            boolean resumed, int tokenBytes, long bytes, double parseMillis, double waitMillis, double resumeMillis,
            double runMillis, double suspendMillis) {

        /** Time the quantum held a place to run: what the quantum bounds. */
        double heldMillis() {
            return resumeMillis + runMillis + suspendMillis;
        }

        boolean suspended() {
            return tokenBytes > 0;
        }
    }

    private final List<Quantum> quanta = Collections.synchronizedList(new ArrayList<>());

    /** A listener for one client of a run; {@link Client#begin} names the query it runs next. */
    Client client(String part, String configuration, int clients, int repeat) {
        return new Client(part, configuration, clients, repeat);
    }

    List<Quantum> quanta() {
        synchronized (quanta) {
            return List.copyOf(quanta);
        }
    }

    final class Client implements ClientListener {

        private final String part;
        private final String configuration;
        private final int clients;
        private final int repeat;
        private volatile String query = "";

        private Client(String part, String configuration, int clients, int repeat) {
            this.part = part;
            this.configuration = configuration;
            this.clients = clients;
            this.repeat = repeat;
        }

        void begin(String query) {
            this.query = query;
        }

        @Override
        public void resultsReceived(FragmentRequest request, int status, long bytes, int solutions, String next,
                ServerTiming timing) {
            boolean resumed = request.form() != null && request.form().contains("&next=");
            quanta.add(new Quantum(part, configuration, clients, repeat, query, solutions, resumed,
                    next == null ? 0 : next.getBytes(StandardCharsets.US_ASCII).length, bytes, ms(timing, "parse"),
                    ms(timing, "wait"), ms(timing, "resume"), ms(timing, "run"), ms(timing, "suspend")));
        }

        private static double ms(ServerTiming timing, String metric) {
            return timing.of(metric).orElse(Double.NaN);
        }
    }
}
