package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.OutputStream;

import dev.ldf.server.fragment.Catalog;
import dev.ldf.server.fragment.Fragment;

/**
 * Writes the server's answers in one format. Implementations are thread-safe and keep no state
 * between responses; they do not close {@code out}.
 */
public interface ResponseWriter {

    /**
     * One fragment page, streamed: the metadata with the count first, then the data as the
     * datasource reads it.
     *
     * @throws UnrepresentableException when a buffered format cannot express the page (nothing
     *                                  has been written then)
     * @throws IOException              when the client goes away
     */
    void writeFragment(Fragment fragment, OutputStream out) throws IOException;

    /** The index of datasets. */
    void writeCatalog(Catalog catalog, OutputStream out) throws IOException;

    /** An error: its status and a message for people. */
    void writeError(ErrorView error, OutputStream out) throws IOException;
}
