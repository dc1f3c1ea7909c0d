package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;

/** A server the benchmark measures: ours, a rival, or nginx serving a static file as the ceiling. */
public interface Contender {

    /** A started server. */
    interface Running extends AutoCloseable {

        /** Where its dataset's paths are resolved. */
        URI uri();

        /** The process whose tree (workers included) holds the server's memory. */
        ProcessHandle process();

        @Override
        void close();
    }

    /** A short name for tables and plots. */
    String name();

    /** Whether it answers brTPF requests. */
    boolean brtpf();

    /** Whether it answers in the format a request asks for; a server that does not is checked for 200 only. */
    default boolean negotiates() {
        return true;
    }

    /** Whether it serves the dataset (the nginx ceiling serves one static file instead). */
    default boolean fragments() {
        return true;
    }

    /** Whether it streams the dataset as a dump ({@code /dataset/dump.nt}). */
    default boolean dumps() {
        return false;
    }

    /** Starts it on {@code hdt} under the dataset name {@code dataset}; logs and files go to {@code dir}. */
    Running start(Path hdt, String dataset, Path dir) throws IOException, InterruptedException;
}
