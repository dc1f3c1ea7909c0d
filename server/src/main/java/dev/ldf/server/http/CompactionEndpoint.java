package dev.ldf.server.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import dev.ldf.server.live.Compacted;
import dev.ldf.server.live.LiveDataset;
import dev.ldf.server.monitor.RequestLabels;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** {@code /{dataset}/compaction}, with the writers' token: {@code POST} starts one, {@code GET} tells whether one runs and what the last did. */
final class CompactionEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;

    static final String NAME = "compaction";

    CompactionEndpoint(Site site, HostedDataset dataset) {
        super(site, dataset, RequestLabels.Api.CHANGES, Errors.PLAIN);
    }

    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD") && !method.equals("POST")) {
            response.setHeader("Allow", "GET, HEAD, POST");
            throw new HttpError(405, "Method " + method + " is not allowed here; use GET or POST.");
        }
        WriterTokens.authorize(request, response, dataset);
        LiveDataset live = dataset.live();
        if (method.equals("POST")) {
            live.compact();
            response.setStatus(202);
        }
        Compacted last = live.lastCompaction();
        String json = String.format(Locale.ROOT, "{\"running\":%b,\"version\":%d,\"overlay\":%d,\"replayableAfter\":%d%s}\n",
                live.compacting(), live.version(), live.source().overlaySize(), live.oldestReplayable(),
                last == null ? "" : String.format(Locale.ROOT,
                        ",\"last\":{\"version\":%d,\"triples\":%d,\"folded\":%d,\"millis\":%d}",
                        last.version(), last.triples(), last.folded(), last.millis()));
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        if (!method.equals("HEAD")) {
            Representations.writeWhole(response, out -> out.write(json.getBytes(StandardCharsets.UTF_8)));
        }
    }
}
