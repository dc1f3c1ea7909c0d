package dev.ldf.client.http;

import java.io.IOException;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.client.page.Page;
import dev.ldf.client.testing.FaultyProxy;
import dev.ldf.client.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("server")
class FragmentHttpClientTest {

    private static final HttpOptions FAST_RETRIES = HttpOptions.defaults().withRetries(3, Duration.ofMillis(10));

    @Test
    void serverErrorsTooManyRequestsAndCutOffPagesAreRetried() throws Exception {
        try (FaultyProxy proxy = FaultyProxy.start(TestServer.dataset(""), call -> switch (call) {
            case 1 -> new FaultyProxy.Action.Fail(503, "0");
            case 2 -> new FaultyProxy.Action.Fail(429, null);
            case 3 -> FaultyProxy.CUT_OFF;
            default -> FaultyProxy.FORWARD;
        })) {
            ClientStats stats = new ClientStats();
            List<Integer> statuses = new ArrayList<>();
            ClientListener retries = new ClientListener() {
                @Override
                public void retrying(FragmentRequest request, int attempt, int status, String reason) {
                    statuses.add(status);
                }
            };
            try (FragmentHttpClient client = new FragmentHttpClient(FAST_RETRIES, ClientListener.all(stats, retries))) {
                Page page = client.fetchNow(FragmentRequest.get(proxy.url("library")));
                assertTrue(page.count().getAsLong() > 5000);
                assertEquals(100, page.data().size());
                assertEquals(4, proxy.calls());
                assertEquals(3, stats.snapshot().retries());
                assertEquals(List.of(503, 429, 0), statuses, "the failed answers' statuses; none for a page cut off");
            }
        }
    }

    @Test
    void theRetryAfterHeaderSetsTheWait() throws Exception {
        // The date is made when the second answer is, so that a slow start cannot put it in the past.
        try (FaultyProxy proxy = FaultyProxy.start(TestServer.dataset(""), call -> switch (call) {
            case 1 -> new FaultyProxy.Action.Fail(503, "1");
            case 2 -> new FaultyProxy.Action.Fail(503,
                    DateTimeFormatter.RFC_1123_DATE_TIME.format(ZonedDateTime.now(ZoneOffset.UTC).plusSeconds(3)));
            default -> FaultyProxy.FORWARD;
        }); FragmentHttpClient client = new FragmentHttpClient(FAST_RETRIES, new ClientListener() {})) {
            long start = System.nanoTime();
            client.fetchNow(FragmentRequest.get(proxy.url("library")));
            long waited = (System.nanoTime() - start) / 1_000_000;
            // The back-off alone is 10-20 ms; the server asked for one second, then for a date three
            // seconds after its second answer (in whole seconds, so at least two).
            assertTrue(waited >= 1900, "waited " + waited + " ms");
        }
    }

    @Test
    void aServerThatAsksForALongWaitFailsTheRequestAtOnce() throws Exception {
        try (FaultyProxy proxy = FaultyProxy.start(TestServer.dataset(""), call -> new FaultyProxy.Action.Fail(503, "3600"));
                FragmentHttpClient client = new FragmentHttpClient(FAST_RETRIES, new ClientListener() {})) {
            FragmentException e = assertThrows(FragmentException.class,
                    () -> client.fetchNow(FragmentRequest.get(proxy.url("library"))));
            assertTrue(e.getMessage().contains("asks to wait 3600 s"), e.getMessage());
            assertEquals(1, proxy.calls());
        }
    }

    @Test
    void clientErrorsFailAtOnceWithTheServersMessage() {
        try (FragmentHttpClient client = new FragmentHttpClient(FAST_RETRIES, new ClientListener() {})) {
            FragmentException e = assertThrows(FragmentException.class,
                    () -> client.fetchNow(FragmentRequest.get(TestServer.dataset("library") + "?page=0")));
            assertTrue(e.getMessage().contains("400") && e.getMessage().contains("page must be a whole number"), e.getMessage());
        }
    }

    @Test
    void anUnreachableServerIsReportedAfterTheRetries() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        try (FragmentHttpClient client = new FragmentHttpClient(FAST_RETRIES, new ClientListener() {})) {
            FragmentException e = assertThrows(FragmentException.class,
                    () -> client.fetchNow(FragmentRequest.get("http://127.0.0.1:" + port + "/data")));
            assertTrue(e.getMessage().contains("after 4 attempts") && e.getMessage().contains("cannot connect"), e.getMessage());
            assertEquals(0, e.status(), "no answer came");
        }
    }

    @Test
    void aUrlThatIsNotAFragmentInterfaceIsRefused() {
        String index = TestServer.dataset("library").replace("library", "");
        FragmentException e = assertThrows(FragmentException.class,
                () -> FragmentSource.connect(index, ClientOptions.defaults(), new ClientListener() {}));
        assertTrue(e.getMessage().contains("not a Triple Pattern Fragments interface, but it lists datasets; give one "
                + "of them: " + TestServer.dataset("library") + " (library), "), e.getMessage());
    }
}
