package dev.ldf.client.hostile;

import java.util.List;

import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSetFormatter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.Federation;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * Issue 47, item 12: TPF counts that no fragment has. A count is an estimate the client orders
 * joins by, so an absurd one must change the order at most, never the answer, and never fail in
 * the middle with an IndexOutOfBoundsException.
 */
@Tag("slow")
class HostileCountsTest {

    @Test
    void absurdCountsLeaveTheAnswerAsItIs() throws Exception {
        for (String count : new String[] {"\"9223372036854775807\"^^<http://www.w3.org/2001/XMLSchema#integer>",
                "\"-5\"^^<http://www.w3.org/2001/XMLSchema#integer>", "\"99999999999999999999999\"",
                "<http://ex.org/not-a-count>", "\"many\""}) {
            try (HostileTpfServer server = new HostileTpfServer(count, url -> null);
                    Federation sources = Federation.connect(List.of(server.url()), ClientOptions.defaults(),
                            new ClientListener() {});
                    QueryExecution execution = QueryExecution.create(QueryFactory.create(PageLoopsTest.COUNT),
                            FragmentDataset.of(sources))) {
                assertEquals(100, execution.execSelect().next().getLiteral("n").getInt(), count);
            }
            try (HostileTpfServer server = new HostileTpfServer(count, url -> null);
                    Federation sources = Federation.connect(List.of(server.url()), ClientOptions.defaults(),
                            new ClientListener() {});
                    QueryExecution execution = QueryExecution.create(QueryFactory.create(PageLoopsTest.SELECT),
                            FragmentDataset.of(sources))) {
                assertEquals(100, ResultSetFormatter.consume(execution.execSelect()), count);
            }
        }
    }
}
