package dev.ldf.experiments.live;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/** Readers that ask for first pages of random patterns, one thread each, until stopped; pages and errors counted. */
final class ReadLoad {

    private final AtomicBoolean stop = new AtomicBoolean();
    private final AtomicLong pages = new AtomicLong();
    private final AtomicLong errors = new AtomicLong();
    private final List<Thread> readers = new ArrayList<>();

    /** {@code readers} readers of {@code dataset}, reader {@code r} drawing patterns with seed {@code seed + r}. */
    ReadLoad(LiveHttp http, String dataset, List<String> patterns, int readers, long seed) {
        for (int r = 0; r < readers; r++) {
            Random random = new Random(seed + r);
            this.readers.add(new Thread(() -> {
                while (!stop.get()) {
                    String url = dataset + "?" + patterns.get(random.nextInt(patterns.size()));
                    try {
                        HttpResponse<Void> page = http.send(HttpRequest.newBuilder(URI.create(url))
                                .header("Accept", "application/n-triples").build(), HttpResponse.BodyHandlers.discarding());
                        (page.statusCode() == 200 ? pages : errors).incrementAndGet();
                    } catch (IOException e) {
                        errors.incrementAndGet();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }));
        }
    }

    void start() {
        readers.forEach(Thread::start);
    }

    /** Stops the readers and waits for each to end. */
    void stop() throws InterruptedException {
        stop.set(true);
        for (Thread reader : readers) {
            reader.join();
        }
    }

    long pages() {
        return pages.get();
    }

    long errors() {
        return errors.get();
    }
}
