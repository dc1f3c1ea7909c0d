package dev.ldf.server.http;

import java.security.MessageDigest;

import org.apache.commons.codec.digest.DigestUtils;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Who may change a dataset: the bearer of its writers' token. */
final class WriterTokens {

    private WriterTokens() {}

    /** Refuses a request that takes no writes (405), has no bearer token (401) or another one (403, compared in constant time). */
    static void authorize(HttpServletRequest request, HttpServletResponse response, HostedDataset dataset) {
        byte[] digest = dataset.tokenDigest();
        if (digest == null) {
            throw dataset.writesOff();
        }
        String header = request.getHeader("Authorization");
        if (header == null || !header.regionMatches(true, 0, "Bearer ", 0, 7)) {
            response.setHeader("WWW-Authenticate", "Bearer realm=\"" + dataset.name() + "\"");
            throw new HttpError(401, "Changes need the dataset's token: Authorization: Bearer <token>.", true);
        }
        if (!MessageDigest.isEqual(DigestUtils.sha256(header.substring(7).strip()), digest)) {
            throw new HttpError(403, "This token may not change dataset " + dataset.name() + ".", true);
        }
    }
}
