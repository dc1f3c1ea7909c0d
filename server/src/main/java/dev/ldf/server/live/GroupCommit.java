package dev.ldf.server.live;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

import dev.ldf.server.live.patch.BadPatchException;
import dev.ldf.server.live.patch.ChangeSet;

/**
 * Group commit: writers waiting for the turn leave their patches in a queue, and the writer that
 * gets the turn logs every queued patch in one record forced to disk once, applies them in order
 * and tells each writer what became of its patch. Under several writers one pair of disk forces
 * serves many patches; a lone writer commits its own, as before. Each patch is admitted
 * ({@link PatchAdmission}) on its own, beside the ones before it in the group; a patch too large
 * to copy in memory is logged alone, streamed, in its place in the queue.
 *
 * <p>Nothing changes for readers: versions follow the queue's order, every patch is logged and
 * forced before it is applied, and every writer is answered only after its patch is applied.
 */
final class GroupCommit {

    /** Patches of up to this many changes are written out before the turn and may share a record. */
    static final int GROUPED_CHANGES = 10_000;
    /** The patch text one group record holds, at most: records are read back whole. */
    static final long GROUP_BYTES = 16L << 20;

    private final LiveState state;
    private final PatchAdmission admission;
    private final Runnable afterWrite;
    /** Patches waiting for the turn, oldest first. Guarded by itself. */
    private final ArrayDeque<Pending> queue = new ArrayDeque<>();

    /** {@code afterWrite} runs in the turn after each group (a compaction may be due). */
    GroupCommit(LiveState state, PatchAdmission admission, Runnable afterWrite) {
        this.state = state;
        this.admission = admission;
        this.afterWrite = afterWrite;
    }

    /**
     * Makes the patch durable, then visible, together with those of the writers waiting beside
     * this one; returns once its own is done.
     */
    Accepted write(LiveDatasource.Prepared prepared) throws IOException, BadPatchException {
        ChangeSet changes = prepared.changes();
        // Written out here, while other writers hold the turn: the turn only copies bytes.
        Pending mine = new Pending(prepared, changes.size() <= GROUPED_CHANGES ? changes.toPatch() : null);
        synchronized (queue) {
            queue.add(mine);
        }
        state.inTurn(() -> {
            while (!mine.done) {
                if (!commitNextGroup()) {
                    throw new IllegalStateException("a queued patch left the queue unanswered");
                }
            }
            return null;
        });
        return mine.outcome();
    }

    /** How many patches wait for the turn now. */
    int waiting() {
        synchronized (queue) {
            return queue.size();
        }
    }

    /** Takes the queue's next group and commits it, in the turn; false when the queue was empty. */
    private boolean commitNextGroup() throws IOException {
        List<Pending> group = nextGroup();
        if (group.isEmpty()) {
            return false;
        }
        try {
            commit(group);
        } finally {
            for (Pending pending : group) {
                if (!pending.done) {
                    pending.fail(new IllegalStateException("the write stopped before this patch was applied"));
                }
            }
        }
        state.waiters().signal();
        afterWrite.run();
        return true;
    }

    /** The patches at the queue's head that share a record: up to {@link #GROUP_BYTES}, or one streamed alone. */
    private List<Pending> nextGroup() {
        List<Pending> group = new ArrayList<>();
        long bytes = 0;
        synchronized (queue) {
            for (Pending next = queue.peek(); next != null; next = queue.peek()) {
                boolean alone = next.text == null;
                if (!group.isEmpty() && (alone || bytes + next.text.length > GROUP_BYTES)) {
                    break;
                }
                group.add(queue.poll());
                if (alone) {
                    break;
                }
                bytes += next.text.length;
            }
        }
        return group;
    }

    private void commit(List<Pending> group) throws IOException {
        LiveDatasource source = state.source();
        List<Pending> admitted = new ArrayList<>(group.size());
        long promised = 0;
        for (Pending pending : group) {
            ChangeSet changes = pending.prepared.changes();
            try {
                promised += admission.admit(changes.size(), () -> source.newTerms(changes), source.overlaySize(),
                        promised);
                admitted.add(pending);
            } catch (PatchAdmission.Refused refused) {
                pending.fail(refused);
            }
        }
        if (admitted.isEmpty()) {
            return;
        }
        long due = source.versionNumber() + 1;
        long first;
        try {
            first = admitted.get(0).text == null ? state.log().append(admitted.get(0).prepared.changes()::writeTo)
                    : state.log().appendAll(admitted.stream().map(p -> p.text).toList());
        } catch (IOException | RuntimeException e) {
            // The log cut itself back: nothing of the group was kept.
            for (Pending pending : admitted) {
                pending.fail(e);
            }
            return;
        }
        if (first != due) {
            throw new IllegalStateException("the log made version " + first + " of " + due);
        }
        for (int i = 0; i < admitted.size(); i++) {
            Pending pending = admitted.get(i);
            ChangeSet.Effect effect = source.apply(pending.prepared, first + i);
            pending.succeed(new Accepted(first + i, pending.prepared.changes().size(), effect));
        }
    }

    /**
     * One writer's patch in the queue and what became of it. Its outcome is set in the turn and
     * read by its writer after that writer has had the turn, which orders the two.
     */
    private static final class Pending {
        final LiveDatasource.Prepared prepared;
        /** The patch as RDF Patch text; null for one streamed into a record of its own. */
        final byte[] text;
        boolean done;
        Accepted accepted;
        Throwable failure;

        Pending(LiveDatasource.Prepared prepared, byte[] text) {
            this.prepared = prepared;
            this.text = text;
        }

        void succeed(Accepted result) {
            accepted = result;
            done = true;
        }

        void fail(Throwable cause) {
            failure = cause;
            done = true;
        }

        Accepted outcome() throws IOException {
            if (failure == null) {
                return accepted;
            }
            if (failure instanceof IOException io) {
                // Another writer's thread met it: this thread's trace, the cause kept.
                throw new IOException(io.getMessage(), io);
            }
            if (failure instanceof RuntimeException runtime) {
                throw runtime;
            }
            throw (Error) failure;
        }
    }
}
