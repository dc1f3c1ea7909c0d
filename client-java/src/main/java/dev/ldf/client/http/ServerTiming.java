package dev.ldf.client.http;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.OptionalDouble;

/**
 * The durations of a {@code Server-Timing} response header (W3C Server Timing), by metric name:
 * {@code resume;dur=0.4, run;dur=74.8} gives {@code resume} 0.4 ms and {@code run} 74.8 ms.
 * Metrics without a duration, and parameters other than {@code dur}, are left out; a malformed
 * entry is skipped rather than failing the response it came with.
 */
public record ServerTiming(Map<String, Double> millis) {

    public static final ServerTiming NONE = new ServerTiming(Map.of());

    public ServerTiming {
        millis = Map.copyOf(millis);
    }

    public static ServerTiming parse(String header) {
        if (header == null || header.isBlank()) {
            return NONE;
        }
        Map<String, Double> durations = new LinkedHashMap<>();
        for (String metric : header.split(",")) {
            String[] parts = metric.split(";");
            String name = parts[0].strip();
            for (int i = 1; i < parts.length; i++) {
                String[] parameter = parts[i].strip().split("=", 2);
                if (parameter.length == 2 && parameter[0].strip().equalsIgnoreCase("dur") && !name.isEmpty()) {
                    try {
                        durations.putIfAbsent(name, Double.parseDouble(parameter[1].strip()));
                    } catch (NumberFormatException e) {
                        // not a duration: skip this metric
                    }
                }
            }
        }
        return new ServerTiming(durations);
    }

    /** The duration of {@code metric} in milliseconds, if the server reported it. */
    public OptionalDouble of(String metric) {
        Double value = millis.get(metric);
        return value == null ? OptionalDouble.empty() : OptionalDouble.of(value);
    }
}
