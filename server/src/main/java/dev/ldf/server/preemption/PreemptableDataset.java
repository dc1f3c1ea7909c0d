package dev.ldf.server.preemption;

import java.util.Collection;
import java.util.function.Function;

import org.apache.jena.graph.Triple;

/**
 * A dataset the preemptive endpoint runs queries over. Each quantum reads the dataset as it
 * stands at one moment ({@link State}); a dataset that takes changes holds them off until the
 * quantum returns.
 */
public interface PreemptableDataset {

    /** The dataset as one quantum reads it. */
    interface State {
        /** The data the scans' positions refer to: positions saved on another base mean nothing here. */
        long base();

        /** The dataset version: the last change's, 0 for a dataset that never changes. */
        long version();

        ResumableScans scans();

        /**
         * False only when no change after {@code version} touched a triple that matches one of
         * {@code patterns} (variables match anything): then the patterns' matches, and the positions
         * in them, are what they were at {@code version}.
         */
        boolean changedSince(long version, Collection<Triple> patterns);

        /** True while changes wait for the quantum to end: it then ends as under contention. */
        boolean changesWaiting();
    }

    /** Runs {@code quantum} on the dataset as it stands, and gives back what it returns. */
    <T> T read(Function<State, T> quantum);

    /** A dataset that never changes, of {@code scans}, on base {@code base}. */
    static PreemptableDataset fixed(long base, ResumableScans scans) {
        State state = new Unchanging(base, scans);
        return new PreemptableDataset() {
            @Override
            public <T> T read(Function<State, T> quantum) {
                return quantum.apply(state);
            }
        };
    }

    /** The one state of a dataset that never changes: version 0 throughout. */
    record Unchanging(long base, ResumableScans scans) implements State {
        @Override
        public long version() {
            return 0;
        }

        @Override
        public boolean changedSince(long version, Collection<Triple> patterns) {
            return false;
        }

        @Override
        public boolean changesWaiting() {
            return false;
        }
    }
}
