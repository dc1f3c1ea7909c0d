package dev.ldf.server.live.log;

import java.io.IOException;

/** One record of a {@link PatchLog}: the version it made and the patch as RDF Patch text (UTF-8). */
public record LoggedPatch(long version, byte[] patch) {

    /** Receives records in order. */
    @FunctionalInterface
    public interface Reader {
        /** False stops the reading. */
        boolean entry(LoggedPatch entry) throws IOException;
    }
}
