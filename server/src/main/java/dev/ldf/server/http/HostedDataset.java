package dev.ldf.server.http;

import org.apache.commons.codec.digest.DigestUtils;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.fragment.ServedDataset;
import dev.ldf.server.live.LiveDataset;
import dev.ldf.server.preemption.PreemptableDataset;

/**
 * One dataset as the server hosts it: what its fragments and dumps serve, its writer where it
 * takes changes or follows a primary, its data for the preemptive endpoint where that is on.
 *
 * @param live        the dataset's changes, or null when it has none
 * @param preemptable what the preemptive endpoint runs over, or null when it is off
 * @param settings    everything besides the data that changes the bytes of its responses
 */
public record HostedDataset(DatasetConfig config, ServedDataset served, LiveDataset live,
        PreemptableDataset preemptable, String settings) {

    public String name() {
        return served.name();
    }

    /** What an entity tag of its responses depends on: the settings and the data's version. */
    String fingerprint() {
        return served.source().version() + "|" + settings;
    }

    /** Whether clients may send changes: writes are on (a follower takes its primary's only). */
    boolean takesWrites() {
        return live != null && config.writes().enabled();
    }

    /** The digest of the writers' token, compared in constant time; null when writes are off. */
    byte[] tokenDigest() {
        return takesWrites() ? DigestUtils.sha256(config.writes().resolvedToken()) : null;
    }

    /** Why a write is refused here, a 405: a follower names its primary. */
    HttpError writesOff() {
        String primary = config.writes().follow();
        return new HttpError(405, primary != null
                ? "Dataset " + name() + " follows " + primary + ": send changes there."
                : "Dataset " + name() + " takes no changes: writes are off.", true);
    }
}
