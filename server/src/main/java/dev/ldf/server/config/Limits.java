package dev.ldf.server.config;

/**
 * How much work the server takes on at once, and how long it waits for slow or silent clients.
 * Every setting is optional; {@link #defaults()} suits a small public server.
 *
 * @param maxConcurrentRequests        requests answered at the same time; more wait in a queue
 * @param maxQueuedRequests            requests that may wait; beyond them the server answers 503
 *                                     with {@code Retry-After} at once, rather than queueing without bound
 * @param queueTimeoutMillis           how long a request may wait in the queue before it gets a 503
 * @param retryAfterSeconds            the {@code Retry-After} of a 503
 * @param idleTimeoutSeconds           a connection that sends and receives nothing this long is closed
 * @param minRequestBodyBytesPerSecond a POST body must arrive at least this fast on average, after a
 *                                     grace period of {@link #BODY_GRACE_SECONDS}; slower ones get 408
 * @param shutdownTimeoutSeconds       on stop, how long running requests may take to finish
 * @param maxConcurrentDumps           dumps streamed at the same time; each holds a request's place
 *                                     for seconds or minutes, so more get 503 with {@code Retry-After}
 *                                     rather than crowding out fragment requests
 * @param maxConcurrentQuanta          quanta of the preemptive endpoints run at the same time
 *                                     (default: one per core); more wait, up to
 *                                     {@code maxQueuedQuanta} of them, for at most
 *                                     {@code queueTimeoutMillis}; beyond that 503 with {@code Retry-After}
 * @param maxQueuedQuanta              quanta that may wait for one of those places
 * @param firstQuantumPlaces           more places, only for requests that start a query, taken
 *                                     when the others are full (default: as many as
 *                                     {@code maxConcurrentQuanta}); there a quantum lasts at most
 *                                     {@code firstQuantumMillis}, so short queries do not wait
 *                                     behind long ones and long ones soon move to the other places
 * @param firstQuantumMillis           the longest quantum in those places
 * @param contendedQuantumMillis       how long a quantum runs on while other requests wait for a
 *                                     place (default 2): under contention quanta shrink towards
 *                                     this, so a waiting query gets a place within about that long
 *                                     whatever holds the places, at the cost of more suspensions
 * @param minResponseBytesPerSecond    a dump or a live dataset's base file must be read at least this
 *                                     fast over every 5 s, after the same grace period as bodies; a
 *                                     slower reader is cut off, so that it cannot hold one of the few
 *                                     places for hours
 * @param requestHeadTimeoutSeconds    a request's head (its line and headers) must arrive within this
 *                                     long of its first byte, or the connection is closed: the idle
 *                                     timeout starts again with each byte, so a client could trickle
 *                                     header lines for ever
 * @param maxConnections               connections open at once; beyond, new ones wait in the
 *                                     operating system's queue until one closes, and idle ones are
 *                                     closed after {@code requestHeadTimeoutSeconds}. Default: the
 *                                     process's file-descriptor limit less {@link #RESERVED_DESCRIPTORS}
 *                                     for files, logs and the JVM, at least 64 and at most 10,000
 */
public record Limits(
        Integer maxConcurrentRequests,
        Integer maxQueuedRequests,
        Integer queueTimeoutMillis,
        Integer retryAfterSeconds,
        Integer idleTimeoutSeconds,
        Integer minRequestBodyBytesPerSecond,
        Integer shutdownTimeoutSeconds,
        Integer maxConcurrentDumps,
        Integer maxConcurrentQuanta,
        Integer maxQueuedQuanta,
        Integer firstQuantumPlaces,
        Integer firstQuantumMillis,
        Integer contendedQuantumMillis,
        Integer minResponseBytesPerSecond,
        Integer requestHeadTimeoutSeconds,
        Integer maxConnections) {

    /** Time a body may take before its rate counts: covers connection warm-up and a slow start. */
    public static final int BODY_GRACE_SECONDS = 10;
    /** File descriptors the default {@code maxConnections} leaves for everything but connections. */
    public static final int RESERVED_DESCRIPTORS = 256;

    public Limits {
        maxConcurrentRequests = maxConcurrentRequests == null ? 64 : maxConcurrentRequests;
        maxQueuedRequests = maxQueuedRequests == null ? 1024 : maxQueuedRequests;
        queueTimeoutMillis = queueTimeoutMillis == null ? 10_000 : queueTimeoutMillis;
        retryAfterSeconds = retryAfterSeconds == null ? 1 : retryAfterSeconds;
        idleTimeoutSeconds = idleTimeoutSeconds == null ? 30 : idleTimeoutSeconds;
        minRequestBodyBytesPerSecond = minRequestBodyBytesPerSecond == null ? 1024 : minRequestBodyBytesPerSecond;
        shutdownTimeoutSeconds = shutdownTimeoutSeconds == null ? 10 : shutdownTimeoutSeconds;
        maxConcurrentDumps = maxConcurrentDumps == null ? 2 : maxConcurrentDumps;
        maxConcurrentQuanta = maxConcurrentQuanta == null ? Runtime.getRuntime().availableProcessors() : maxConcurrentQuanta;
        maxQueuedQuanta = maxQueuedQuanta == null ? 64 : maxQueuedQuanta;
        firstQuantumPlaces = firstQuantumPlaces == null ? maxConcurrentQuanta : firstQuantumPlaces;
        firstQuantumMillis = firstQuantumMillis == null ? 10 : firstQuantumMillis;
        contendedQuantumMillis = contendedQuantumMillis == null ? 2 : contendedQuantumMillis;
        minResponseBytesPerSecond = minResponseBytesPerSecond == null ? 64 * 1024 : minResponseBytesPerSecond;
        requestHeadTimeoutSeconds = requestHeadTimeoutSeconds == null ? 10 : requestHeadTimeoutSeconds;
    }

    /**
     * The cap on open connections: {@code maxConnections}, or where it is not set, derived from
     * the file-descriptor limit of the process that asks (a configuration may be written by
     * another process, under another limit).
     */
    public int connectionLimit() {
        return maxConnections != null ? maxConnections : defaultMaxConnections(FileDescriptors.limit());
    }

    /** The default of {@code maxConnections} for a process allowed {@code descriptors} open files (-1: unknown). */
    static int defaultMaxConnections(long descriptors) {
        if (descriptors < 0) {
            return 10_000;
        }
        return (int) Math.max(64, Math.min(10_000, descriptors - RESERVED_DESCRIPTORS));
    }

    public static Limits defaults() {
        return builder().build();
    }

    /** A builder of limits; what is not set (or set to null) keeps its default. */
    public static Builder builder() {
        return new Builder();
    }

    /** Sets limits one by one; {@link #build()} checks them. */
    public static final class Builder {
        private Integer maxConcurrentRequests;
        private Integer maxQueuedRequests;
        private Integer queueTimeoutMillis;
        private Integer retryAfterSeconds;
        private Integer idleTimeoutSeconds;
        private Integer minRequestBodyBytesPerSecond;
        private Integer shutdownTimeoutSeconds;
        private Integer maxConcurrentDumps;
        private Integer maxConcurrentQuanta;
        private Integer maxQueuedQuanta;
        private Integer firstQuantumPlaces;
        private Integer firstQuantumMillis;
        private Integer contendedQuantumMillis;
        private Integer minResponseBytesPerSecond;
        private Integer requestHeadTimeoutSeconds;
        private Integer maxConnections;

        private Builder() {}

        public Builder maxConcurrentRequests(Integer value) {
            this.maxConcurrentRequests = value;
            return this;
        }

        public Builder maxQueuedRequests(Integer value) {
            this.maxQueuedRequests = value;
            return this;
        }

        public Builder queueTimeoutMillis(Integer value) {
            this.queueTimeoutMillis = value;
            return this;
        }

        public Builder retryAfterSeconds(Integer value) {
            this.retryAfterSeconds = value;
            return this;
        }

        public Builder idleTimeoutSeconds(Integer value) {
            this.idleTimeoutSeconds = value;
            return this;
        }

        public Builder minRequestBodyBytesPerSecond(Integer value) {
            this.minRequestBodyBytesPerSecond = value;
            return this;
        }

        public Builder shutdownTimeoutSeconds(Integer value) {
            this.shutdownTimeoutSeconds = value;
            return this;
        }

        public Builder maxConcurrentDumps(Integer value) {
            this.maxConcurrentDumps = value;
            return this;
        }

        public Builder maxConcurrentQuanta(Integer value) {
            this.maxConcurrentQuanta = value;
            return this;
        }

        public Builder maxQueuedQuanta(Integer value) {
            this.maxQueuedQuanta = value;
            return this;
        }

        public Builder firstQuantumPlaces(Integer value) {
            this.firstQuantumPlaces = value;
            return this;
        }

        public Builder firstQuantumMillis(Integer value) {
            this.firstQuantumMillis = value;
            return this;
        }

        public Builder contendedQuantumMillis(Integer value) {
            this.contendedQuantumMillis = value;
            return this;
        }

        public Builder minResponseBytesPerSecond(Integer value) {
            this.minResponseBytesPerSecond = value;
            return this;
        }

        public Builder requestHeadTimeoutSeconds(Integer value) {
            this.requestHeadTimeoutSeconds = value;
            return this;
        }

        public Builder maxConnections(Integer value) {
            this.maxConnections = value;
            return this;
        }

        /**
         * The limits, checked.
         *
         * @throws ConfigException for the first limit that is wrong
         */
        public Limits build() {
            Limits limits = new Limits(maxConcurrentRequests, maxQueuedRequests, queueTimeoutMillis, retryAfterSeconds,
                    idleTimeoutSeconds, minRequestBodyBytesPerSecond, shutdownTimeoutSeconds, maxConcurrentDumps,
                    maxConcurrentQuanta, maxQueuedQuanta, firstQuantumPlaces, firstQuantumMillis,
                    contendedQuantumMillis, minResponseBytesPerSecond, requestHeadTimeoutSeconds, maxConnections);
            limits.validate();
            return limits;
        }
    }

    /** How long a body of {@code bytes} may take to arrive. */
    public long bodyDeadlineMillis(long bytes) {
        return BODY_GRACE_SECONDS * 1000L + bytes * 1000L / minRequestBodyBytesPerSecond;
    }

    void validate() {
        positive("maxConcurrentRequests", maxConcurrentRequests);
        notNegative("maxQueuedRequests", maxQueuedRequests);
        positive("queueTimeoutMillis", queueTimeoutMillis);
        notNegative("retryAfterSeconds", retryAfterSeconds);
        positive("idleTimeoutSeconds", idleTimeoutSeconds);
        positive("minRequestBodyBytesPerSecond", minRequestBodyBytesPerSecond);
        notNegative("shutdownTimeoutSeconds", shutdownTimeoutSeconds);
        notNegative("maxConcurrentDumps", maxConcurrentDumps);
        positive("maxConcurrentQuanta", maxConcurrentQuanta);
        notNegative("maxQueuedQuanta", maxQueuedQuanta);
        notNegative("firstQuantumPlaces", firstQuantumPlaces);
        positive("firstQuantumMillis", firstQuantumMillis);
        positive("contendedQuantumMillis", contendedQuantumMillis);
        positive("minResponseBytesPerSecond", minResponseBytesPerSecond);
        positive("requestHeadTimeoutSeconds", requestHeadTimeoutSeconds);
        if (maxConnections != null) {
            positive("maxConnections", maxConnections);
        }
    }

    private static void positive(String key, int value) {
        if (value < 1) {
            throw new ConfigException("limits." + key + " must be at least 1, not " + value);
        }
    }

    private static void notNegative(String key, int value) {
        if (value < 0) {
            throw new ConfigException("limits." + key + " must not be negative, not " + value);
        }
    }
}
