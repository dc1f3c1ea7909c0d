package dev.ldf.server.live;

import java.io.IOException;
import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, item 3: a page that RDF/XML cannot express (a predicate with no XML local name, a
 * character XML 1.0 cannot hold) was an empty 200, cacheable for an hour: the stream was closed,
 * and so committed, when the writer failed. It is the documented 406, never stored, and the
 * same page is whole in the formats that can express it.
 */
@Tag("server")
class UnrepresentableAnswersTest {

    @TempDir
    Path dir;

    @Test
    void aPageRdfXmlCannotExpressIsA406NotAnEmpty200() throws Exception {
        Path hdt = dir.resolve("library.hdt");
        Files.copy(TestData.libraryHdt(), hdt);
        ServerConfig config = ServerConfig.of(List.of(DatasetConfig.builder("library", hdt.toString())
                .writes(new Writes(true, Writers.TOKEN, null)).build())).toBuilder().listener("127.0.0.1", 0).build();
        try (FragmentServer server = FragmentServer.start(config)) {
            String[][] cases = {
                {"http://example.org/s1", "<http://example.org/s1> <http://example.org/123> \"a\""},
                {"http://example.org/s2", "<http://example.org/s2> <x:> \"b\""},
                {"http://example.org/s3", "<http://example.org/s3> <http://example.org/p> \"bell \\u0007 control\""},
            };
            for (String[] c : cases) {
                HttpResponse<String> written = Writers.patch(server.uri() + "library/changes", "A " + c[1] + " .\n");
                assertEquals(200, written.statusCode(), written.body());
                String page = server.uri() + "library?subject=" + URLEncoder.encode(c[0], StandardCharsets.UTF_8);

                HttpResponse<String> xml = Http.get(page, "Accept", "application/rdf+xml");
                assertEquals(406, xml.statusCode(), c[1] + ": " + xml.body());
                assertEquals("no-store", xml.headers().firstValue("Cache-Control").orElse(""), c[1]);
                assertTrue(xml.body().contains("cannot be expressed as application/rdf+xml"), xml.body());

                for (String format : new String[] {"application/n-triples", "text/turtle", "application/ld+json"}) {
                    HttpResponse<String> other = Http.get(page, "Accept", format);
                    assertEquals(200, other.statusCode(), format + ": " + other.body());
                    assertTrue(other.body().contains(c[0]), format + ": " + other.body());
                }
            }
        }
    }
}
