package dev.ldf.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.StandardOpenOption;

import dev.ldf.server.monitor.RequestLabels;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code /{dataset}/base}: a live dataset's current HDT file, whose header names the version it
 * holds; a follower that fell behind the compactions installs it and follows the feed from there.
 * Sent in places of its own, so that dump readers cannot keep followers from catching up, to a
 * client that reads fast enough.
 */
final class BaseFileEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;

    static final String NAME = "base";
    static final String HDT_TYPE = "application/vnd.hdt";

    private final transient DumpPlaces places;
    private final transient SlowReaders slowReaders;

    BaseFileEndpoint(Site site, HostedDataset dataset, DumpPlaces places, SlowReaders slowReaders) {
        super(site, dataset, RequestLabels.Api.CHANGES, Errors.PLAIN);
        this.places = places;
        this.slowReaders = slowReaders;
    }

    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        String method = request.getMethod();
        if (!method.equals("GET") && !method.equals("HEAD")) {
            response.setHeader("Allow", "GET, HEAD");
            throw new HttpError(405, "Method " + method + " is not allowed here; use GET.");
        }
        places.enter(response); // a whole dataset, as a dump is
        // Opened before anything is sent: a compaction meanwhile renames a new file into place, not into this one.
        try (FileChannel file = FileChannel.open(dataset.live().baseFile(), StandardOpenOption.READ)) {
            response.setStatus(200);
            response.setContentType(HDT_TYPE);
            response.setHeader("Cache-Control", "no-store");
            response.setContentLengthLong(file.size());
            if (!method.equals("HEAD")) {
                OutputStream out = slowReaders.watch(request, response.getOutputStream());
                Channels.newInputStream(file).transferTo(out);
                out.close(); // only once whole: see Representations.writeWhole
            }
        } finally {
            places.leave();
        }
    }
}
