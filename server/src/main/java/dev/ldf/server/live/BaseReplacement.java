package dev.ldf.server.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.hdt.HdtDatasource;

/**
 * A follower's new base: a copy of its primary's current HDT file (when it fell behind the
 * primary's compactions), or the file another process put at its base path (a primary compacting
 * into a volume they share). The dataset goes to the version the file holds, with an empty overlay
 * and log. Runs on the background thread, after any running compaction, so that none writes an
 * older base over it.
 */
final class BaseReplacement {

    private static final Logger LOG = LoggerFactory.getLogger(BaseReplacement.class);

    private final LiveState state;

    BaseReplacement(LiveState state) {
        this.state = state;
    }

    /** Installs {@code file}; returns the version reached (the dataset's own where the file is no newer). */
    long install(Path file) throws IOException {
        return state.onBackground(() -> installNow(file));
    }

    /** Adopts the file now at the base path where it holds a later version; returns whether it did. */
    boolean adoptReplacedBase() throws IOException {
        return state.onBackground(this::adoptNow);
    }

    private long installNow(Path file) throws IOException {
        HdtDatasource current = state.source().base();
        Path hdt = current.path();
        Path next = Compaction.nextFile(hdt.toAbsolutePath());
        // An index an earlier attempt left would not be this file's.
        Files.deleteIfExists(HdtFiles.indexFile(next));
        Files.move(file, next, StandardCopyOption.REPLACE_EXISTING);
        HdtDatasource.Options options = current.options();
        long version;
        // Opened mapped to read its version and build its index beside it; loaded (if so configured) once in place.
        try (HdtDatasource probe = HdtDatasource.open(next, mapped(options))) {
            version = probe.compactedVersion();
        } catch (RuntimeException e) {
            Compaction.removeLeftovers(hdt);
            throw new IOException("the primary's file is not a readable HDT file: " + e.getMessage(), e);
        }
        // The version reached, as seen in the writers' turn: the file's, or the dataset's where the file is no newer.
        long[] reached = {version};
        state.swapBase(at -> {
            if (version <= at) {
                Compaction.removeLeftovers(hdt);
                reached[0] = at;
                return null;
            }
            Compaction.replace(hdt, next);
            // A crash from here on restarts from the new file: the log's records are all older.
            return swapIn(HdtDatasource.open(hdt, options), version, at, "a copy of the primary's file");
        });
        return reached[0];
    }

    private boolean adoptNow() throws IOException {
        HdtDatasource current = state.source().base();
        long onDisk;
        try (HdtDatasource probe = HdtDatasource.open(current.path(), mapped(current.options()))) {
            onDisk = probe.compactedVersion();
        } catch (RuntimeException e) {
            return false; // unreadable here (being replaced, say): a copy from the primary is the way
        }
        return state.swapBase(at -> onDisk <= at ? null
                : swapIn(HdtDatasource.open(current.path(), current.options()), onDisk, at,
                        "the file another process put in its place"));
    }

    /**
     * Makes {@code fresh}, which holds the dataset at {@code version}, the base, with an empty
     * overlay and log; runs in the writers' turn. Returns the old base.
     */
    private HdtDatasource swapIn(HdtDatasource fresh, long version, long at, String what) throws IOException {
        state.log().resetTo(version);
        HdtDatasource old = state.source().install(fresh, version);
        LOG.info("Dataset {} went from version {} to {} with {} ({} triples)", state.name(), at, version, what,
                fresh.statistics().triples());
        return old;
    }

    /** Options that map the file, for a look at a file that may not become the base. */
    private static HdtDatasource.Options mapped(HdtDatasource.Options options) {
        return new HdtDatasource.Options(false, options.countScanLimit(), options.cursorCachePatterns(),
                options.cursorIdleTime());
    }
}
