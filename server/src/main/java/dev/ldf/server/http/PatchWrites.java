package dev.ldf.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import dev.ldf.server.fragment.BadRequestException;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.live.Accepted;
import dev.ldf.server.live.LiveDataset;
import dev.ldf.server.live.patch.BadPatchException;
import dev.ldf.server.live.patch.ChangeSet;
import dev.ldf.server.live.patch.PatchReader;
import dev.ldf.server.live.patch.UpdateReader;
import dev.ldf.cli.Causes;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * {@code POST /{dataset}/changes}: a patch, as RDF Patch ({@code application/rdf-patch},
 * streamed) or SPARQL Update {@code INSERT DATA}/{@code DELETE DATA}
 * ({@code application/sparql-update}), gzip or deflate encoded or not, with the dataset's bearer
 * token; the answer comes once the patch is on disk and visible. A body is read within the
 * {@link PatchBudget}; one refused before its end is drained (up to a bound) so that the writer
 * sees the answer.
 */
final class PatchWrites {

    static final String PATCH_TYPE = "application/rdf-patch";
    static final String UPDATE_TYPE = "application/sparql-update";

    private final PatchBudget budget;
    private final int maxUpdateBytes;
    private final int retryAfterSeconds;

    /** {@code maxUpdateBytes}: the largest SPARQL Update request, which is parsed in memory. */
    PatchWrites(PatchBudget budget, int maxUpdateBytes, int retryAfterSeconds) {
        this.budget = budget;
        this.maxUpdateBytes = maxUpdateBytes;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    void write(HttpServletRequest request, HttpServletResponse response, HostedDataset dataset, PublicUrls urls)
            throws IOException {
        if (dataset.tokenDigest() == null) {
            response.setHeader("Allow", "GET, HEAD, OPTIONS");
        }
        WriterTokens.authorize(request, response, dataset);
        String type = mediaType(request.getContentType());
        Accepted accepted;
        // The patch's bytes stay counted against the budget until it is applied: its changes are in memory till then.
        try (InputStream body = budget.reading(RequestBodies.decoded(request))) {
            ChangeSet changes;
            try {
                changes = read(body, type, response);
            } catch (HttpError e) {
                throw e.closesConnection() ? drained(e, request) : e;
            }
            // The Skolem IRIs of this server's fragments name its blank nodes: a client can change what it read.
            Skolemizer skolemizer = new Skolemizer(urls.genidPrefix(dataset.name()));
            try {
                accepted = dataset.live().write(changes.map(skolemizer::deskolemize));
            } catch (BadPatchException | BadRequestException e) {
                throw new HttpError(400, "The patch was not applied. " + e.getMessage(), false);
            }
        }
        response.setStatus(200);
        response.setContentType("application/json");
        response.setHeader("Cache-Control", "no-store");
        response.setHeader(ChangesEndpoint.VERSION_HEADER, Long.toString(accepted.version()));
        String json = String.format(Locale.ROOT, "{\"version\":%d,\"changes\":%d,\"added\":%d,\"deleted\":%d}\n",
                accepted.version(), accepted.changes(), accepted.effect().added(), accepted.effect().deleted());
        Representations.writeWhole(response, out -> out.write(json.getBytes(StandardCharsets.UTF_8)));
    }

    /** The patch in {@code body}, as RDF Patch or SPARQL Update; every way it can be refused is an {@link HttpError}. */
    private ChangeSet read(InputStream body, String type, HttpServletResponse response) throws IOException {
        try {
            if (type.equals(PATCH_TYPE) || type.equals("text/rdf-patch")) {
                return PatchReader.read(body);
            }
            if (type.equals(UPDATE_TYPE)) {
                byte[] bytes = body.readNBytes(maxUpdateBytes + 1);
                if (bytes.length > maxUpdateBytes) {
                    throw new HttpError(413, "A SPARQL Update request may have at most " + maxUpdateBytes
                            + " bytes; send larger batches as RDF Patch (" + PATCH_TYPE + "), which is streamed.", true);
                }
                return UpdateReader.read(new String(bytes, StandardCharsets.UTF_8));
            }
            throw new HttpError(415, "Send changes as " + PATCH_TYPE + " or " + UPDATE_TYPE + ", not '"
                    + (type.isEmpty() ? "no Content-Type" : type) + "'.", true);
        } catch (BadPatchException e) {
            throw new HttpError(400, "The patch was not applied. " + e.getMessage(), true);
        } catch (IOException | RuntimeException e) {
            // The parsers may wrap what the body's stream threw.
            if (Causes.has(e, PatchBudget.TooLarge.class)) {
                throw budget.tooLarge();
            }
            if (Causes.has(e, PatchBudget.Busy.class)) {
                response.setHeader("Retry-After", Integer.toString(retryAfterSeconds));
                throw budget.busy(retryAfterSeconds);
            }
            HttpError refused = Causes.find(e, HttpError.class).orElse(null);
            if (refused != null) {
                throw refused; // a body that does not decode, or does not arrive
            }
            throw e;
        }
    }

    /**
     * The refusal of a body not read to its end, after reading what the client still sends (up to
     * a bound), so that it receives the answer rather than a reset connection.
     */
    private static HttpError drained(HttpError refusal, HttpServletRequest request) throws IOException {
        boolean all = FragmentParameters.drain(request);
        return new HttpError(refusal.status(), refusal.getMessage(), !all);
    }

    private static String mediaType(String contentType) {
        if (contentType == null) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).strip().toLowerCase(Locale.ROOT);
    }
}
