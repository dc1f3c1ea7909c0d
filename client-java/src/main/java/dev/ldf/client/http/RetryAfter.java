package dev.ldf.client.http;

import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Optional;

/** The {@code Retry-After} header (RFC 9110, section 10.2.3): delay-seconds or an HTTP-date. */
final class RetryAfter {

    private RetryAfter() {}

    /** The delay the header asks for, from {@code now}; empty when absent or unreadable. */
    static Optional<Duration> parse(Optional<String> header, Instant now) {
        if (header.isEmpty()) {
            return Optional.empty();
        }
        String value = header.get().trim();
        if (value.matches("\\d{1,9}")) {
            return Optional.of(Duration.ofSeconds(Long.parseLong(value)));
        }
        try {
            Instant at = ZonedDateTime.parse(value, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
            Duration delay = Duration.between(now, at);
            return Optional.of(delay.isNegative() ? Duration.ZERO : delay);
        } catch (DateTimeParseException e) {
            return Optional.empty();
        }
    }
}
