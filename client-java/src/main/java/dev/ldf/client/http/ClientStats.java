package dev.ldf.client.http;

import java.util.concurrent.atomic.AtomicLong;

/** Counts requests, bytes and triples received. Thread-safe. */
public final class ClientStats implements ClientListener {

    private final AtomicLong requests = new AtomicLong();
    private final AtomicLong posts = new AtomicLong();
    private final AtomicLong retries = new AtomicLong();
    private final AtomicLong bytes = new AtomicLong();
    private final AtomicLong dataTriples = new AtomicLong();
    private final AtomicLong metadataTriples = new AtomicLong();
    private final AtomicLong quanta = new AtomicLong();
    private final AtomicLong suspensions = new AtomicLong();
    private final AtomicLong solutions = new AtomicLong();

    /**
     * The counters at one moment.
     *
     * @param quanta      answers of a preemptive endpoint (also counted as requests)
     * @param suspensions of those, the ones that came with a continuation token
     * @param solutions   solutions those answers carried
     */
    public record Snapshot(long requests, long posts, long retries, long bytes, long dataTriples, long metadataTriples,
            long quanta, long suspensions, long solutions) {

        /** No traffic. */
        public static final Snapshot ZERO = new Snapshot(0, 0, 0, 0, 0, 0, 0, 0, 0);

        /** The counters of TPF and brTPF traffic alone. */
        public Snapshot(long requests, long posts, long retries, long bytes, long dataTriples, long metadataTriples) {
            this(requests, posts, retries, bytes, dataTriples, metadataTriples, 0, 0, 0);
        }

        /** This snapshot and {@code other} together (two sources' traffic). */
        public Snapshot plus(Snapshot other) {
            return new Snapshot(requests + other.requests, posts + other.posts, retries + other.retries,
                    bytes + other.bytes, dataTriples + other.dataTriples, metadataTriples + other.metadataTriples,
                    quanta + other.quanta, suspensions + other.suspensions, solutions + other.solutions);
        }

        /** What happened between {@code earlier} and this snapshot. */
        public Snapshot minus(Snapshot earlier) {
            return new Snapshot(requests - earlier.requests, posts - earlier.posts, retries - earlier.retries,
                    bytes - earlier.bytes, dataTriples - earlier.dataTriples, metadataTriples - earlier.metadataTriples,
                    quanta - earlier.quanta, suspensions - earlier.suspensions, solutions - earlier.solutions);
        }
    }

    @Override
    public void pageReceived(FragmentRequest request, int status, long received, int data, int metadata) {
        requests.incrementAndGet();
        if (request.isPost()) {
            posts.incrementAndGet();
        }
        bytes.addAndGet(received);
        dataTriples.addAndGet(data);
        metadataTriples.addAndGet(metadata);
    }

    @Override
    public void resultsReceived(FragmentRequest request, int status, long received, int count, String next,
            ServerTiming timing) {
        requests.incrementAndGet();
        posts.incrementAndGet();
        bytes.addAndGet(received);
        quanta.incrementAndGet();
        if (next != null) {
            suspensions.incrementAndGet();
        }
        solutions.addAndGet(count);
    }

    @Override
    public void retrying(FragmentRequest request, int attempt, int status, String reason) {
        retries.incrementAndGet();
    }

    public Snapshot snapshot() {
        return new Snapshot(requests.get(), posts.get(), retries.get(), bytes.get(), dataTriples.get(), metadataTriples.get(),
                quanta.get(), suspensions.get(), solutions.get());
    }
}
