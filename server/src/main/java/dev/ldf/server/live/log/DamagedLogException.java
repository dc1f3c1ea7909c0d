package dev.ldf.server.live.log;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A patch log damaged where cutting it would lose acknowledged patches: the start is refused and
 * the file left as it is. The message names the record and byte, and the command that repairs it
 * ({@link LogRepair}).
 */
public final class DamagedLogException extends IOException {
    private static final long serialVersionUID = 1L;

    private final transient LogScan.Damage damage;

    DamagedLogException(Path file, LogScan.Damage damage) {
        super("Patch log " + file + " is damaged at byte " + damage.offset()
                + (damage.record() > 0 ? " (record " + damage.record() + ", after "
                        + (damage.lastVersion() < 0 ? "no whole record" : "version " + damage.lastVersion()) + ")" : "")
                + ": " + damage.reason() + ". The server did not start and left the file as it is; "
                + "'ldf-server --repair-log " + file + "' keeps a copy of the whole file and cuts the log there.");
        this.damage = damage;
    }

    /** The byte at which the log stops reading back. */
    public long offset() {
        return damage.offset();
    }

    /** The damaged record, 1-based (0 for the file header). */
    public long record() {
        return damage.record();
    }
}
