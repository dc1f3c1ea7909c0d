package dev.ldf.experiments.live;

/** Receives the live experiment's figures: part, setting, metric, value, unit. */
@FunctionalInterface
interface Figures {
    void add(String part, String setting, String metric, double value, String unit);
}
