package dev.ldf.server.live;

import dev.ldf.server.live.patch.ChangeSet;

/** What a write did: the version it made and its effect on the data. */
public record Accepted(long version, long changes, ChangeSet.Effect effect) {}
