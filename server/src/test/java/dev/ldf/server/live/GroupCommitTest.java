package dev.ldf.server.live;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.log.PatchLog;
import dev.ldf.server.live.patch.BadPatchException;
import dev.ldf.server.live.patch.ChangeSet;
import dev.ldf.server.live.patch.PatchReader;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Group commit: the patches of writers waiting for the turn are logged in one record and applied
 * in queue order; a refused patch leaves the others of its group alone; a group the log could not
 * take is answered with errors and kept nowhere. The writers' turn is held by the test while they
 * queue, so the groups do not depend on timing.
 */
class GroupCommitTest {

    @TempDir
    Path dir;

    private ExecutorService writers;
    private LiveDatasource source;
    private PatchLog log;
    private LiveState state;

    @BeforeEach
    void open() throws IOException {
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("library.hdt"));
        HdtDatasource base = HdtDatasource.open(hdt, HdtDatasource.Options.defaults());
        source = new LiveDatasource(base, base.compactedVersion());
        log = PatchLog.open(dir.resolve("library.patches"), base.compactedVersion(), e -> true);
        state = new LiveState("library", source, log);
        writers = Executors.newFixedThreadPool(3);
    }

    @AfterEach
    void close() {
        writers.shutdownNow();
        log.close();
        source.close();
    }

    @Test
    void patchesQueuedWhileTheTurnIsTakenShareOneRecordInQueueOrder() throws Exception {
        GroupCommit commits = new GroupCommit(state, new PatchAdmission(), () -> {});
        long triples = source.statistics().triples();
        long logBefore = Files.size(log.file());
        List<ChangeSet> patches = List.of(patch(0, 3), patch(10, 1), patch(20, 2));
        List<Future<Accepted>> answers = queueWhileTheTurnIsTaken(commits, patches, () -> {});

        Map<Long, ChangeSet> byVersion = new TreeMap<>();
        for (int i = 0; i < patches.size(); i++) {
            Accepted accepted = answers.get(i).get();
            assertEquals(patches.get(i).size(), accepted.effect().added());
            byVersion.put(accepted.version(), patches.get(i));
        }
        assertEquals(List.of(1L, 2L, 3L), List.copyOf(byVersion.keySet()));
        assertEquals(3, source.versionNumber());
        assertEquals(triples + 6, source.statistics().triples());
        long texts = patches.stream().mapToLong(p -> p.toPatch().length).sum();
        assertEquals(logBefore + 8 + 8 + 4 + 3 * 4 + texts, Files.size(log.file()), "one record for the three");
        List<byte[]> logged = new ArrayList<>();
        log.read(0, entry -> logged.add(entry.patch()));
        int i = 0;
        for (ChangeSet patch : byVersion.values()) {
            assertArrayEquals(patch.toPatch(), logged.get(i++), "each version holds its writer's patch");
        }
    }

    @Test
    void aPatchRefusedForWantOfMemoryLeavesTheOthersOfItsGroup() throws Exception {
        // A heap where a patch of more than a few triples cannot fit: 413, the small ones pass.
        PatchAdmission small = new PatchAdmission(PatchAdmission.cost(40, 120), () -> 0, () -> {});
        GroupCommit commits = new GroupCommit(state, small, () -> {});
        List<ChangeSet> patches = List.of(patch(0, 2), patch(10, 100), patch(200, 3));
        List<Future<Accepted>> answers = queueWhileTheTurnIsTaken(commits, patches, () -> {});

        Exception refused = assertThrows(answers.get(1));
        PatchAdmission.Refused cause = assertInstanceOf(PatchAdmission.Refused.class, refused.getCause());
        assertEquals(413, cause.status());
        long first = answers.get(0).get().version();
        long third = answers.get(2).get().version();
        assertEquals(List.of(1L, 2L), List.of(Math.min(first, third), Math.max(first, third)));
        List<Long> logged = new ArrayList<>();
        log.read(0, entry -> logged.add(entry.version()));
        assertEquals(List.of(1L, 2L), logged, "nothing of the refused patch is kept");
    }

    @Test
    void aGroupTheLogCannotTakeIsAnsweredWithErrorsAndKeptNowhere() throws Exception {
        GroupCommit commits = new GroupCommit(state, new PatchAdmission(), () -> {});
        long triples = source.statistics().triples();
        List<ChangeSet> patches = List.of(patch(0, 1), patch(10, 1), patch(20, 1));
        // The log's file closes while the writers queue: the append fails.
        List<Future<Accepted>> answers = queueWhileTheTurnIsTaken(commits, patches, log::close);

        for (Future<Accepted> answer : answers) {
            assertInstanceOf(IOException.class, assertThrows(answer).getCause());
        }
        assertEquals(0, source.versionNumber());
        assertEquals(triples, source.statistics().triples());
    }

    /**
     * Sends each patch from a writer of its own while the test holds the turn, then lets them go
     * once all wait in the queue, after {@code meanwhile}; the futures in the patches' order.
     */
    private List<Future<Accepted>> queueWhileTheTurnIsTaken(GroupCommit commits, List<ChangeSet> patches,
            Runnable meanwhile) throws Exception {
        List<Future<Accepted>> answers = new ArrayList<>();
        state.inTurn(() -> {
            for (ChangeSet patch : patches) {
                LiveDatasource.Prepared prepared = source.prepare(patch);
                answers.add(writers.submit(() -> commits.write(prepared)));
                awaitWaiting(commits, answers.size());
            }
            meanwhile.run();
            return null;
        });
        return answers;
    }

    private static void awaitWaiting(GroupCommit commits, int count) {
        // A condition, not a duration: the writer has queued its patch and waits for the turn.
        while (commits.waiting() < count) {
            Thread.onSpinWait();
        }
    }

    private static Exception assertThrows(Future<?> answer) {
        return Assertions.assertThrows(ExecutionException.class, answer::get);
    }

    private static ChangeSet patch(int first, int count) throws BadPatchException {
        StringBuilder rows = new StringBuilder();
        for (int i = first; i < first + count; i++) {
            rows.append("A <http://example.org/group/s").append(i).append("> <http://example.org/p> \"").append(i)
                    .append("\" .\n");
        }
        return PatchReader.read(new ByteArrayInputStream(rows.toString().getBytes(StandardCharsets.UTF_8)));
    }
}
