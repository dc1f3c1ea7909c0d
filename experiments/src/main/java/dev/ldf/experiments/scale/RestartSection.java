package dev.ldf.experiments.scale;

import java.nio.file.Path;
import java.util.Locale;

import dev.ldf.experiments.run.Target;

/** The only server restarted under traffic behind the nginx cache. */
final class RestartSection implements ScaleSection {

    private final RestartUnderTraffic.Outcome restart;

    RestartSection(RestartUnderTraffic.Outcome restart) {
        this.restart = restart;
    }

    @Override
    public void write(StringBuilder md, Path output, TargetSheet sheet) {
        md.append(String.format(Locale.ROOT, "## A restart under traffic behind the nginx cache%n%n4 clients asked for "
                + "the first pages of 500 patterns the cache had seen, through nginx, while the only server was stopped "
                + "and started again; its responses lived 2 s, so the cache had to revalidate them throughout. The server "
                + "was away %.1f s (its start took %.1f s). Answers: %s; cache statuses: %s.%n%n", restart.downSeconds(),
                restart.restartSeconds(), restart.statuses(), restart.cacheStatuses()));
        sheet.add(new Target("a restart under traffic behind the cache fails no request", String.format(Locale.ROOT,
                "%d failed of %,d", restart.failures(), restart.requests()), restart.failures() == 0 ? Target.MET : "missed"));
        sheet.failedIf(restart.failures() > 0, String.format(Locale.ROOT, "restart: %d of %,d requests failed; answers %s",
                restart.failures(), restart.requests(), restart.statuses()));
    }
}
