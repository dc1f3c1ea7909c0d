package dev.ldf.cli;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;

/**
 * Chooses what to send for an Accept header (RFC 9110, section 12.5.1), for every command that
 * answers HTTP requests (the fragment server, the local SPARQL endpoint).
 *
 * <p>Each offered media type takes the quality of the <em>most specific</em> range that matches
 * it, so {@code *}{@code /*, text/html;q=0} excludes HTML; quality 0 means "not acceptable".
 * The highest quality wins and ties go to the order of the offers. Jena's {@code AcceptList} is
 * not used because it takes the highest quality of any matching range instead of the most
 * specific one and does not treat q=0 as a refusal.
 */
public final class AcceptHeader {

    /** One media range of an Accept header. */
    private record Range(String type, String subtype, double quality) {
        /** 3 for type/subtype, 2 for type/*, 1 for *}{@code /*, 0 for no match. */
        int specificity(String mediaType) {
            // Compared in place: this runs for every range and offered type of every request.
            int slash = mediaType.indexOf('/');
            if (type.equals("*")) {
                return subtype.equals("*") ? 1 : 0;
            }
            if (slash != type.length() || !mediaType.startsWith(type)) {
                return 0;
            }
            if (subtype.equals("*")) {
                return 2;
            }
            return mediaType.length() - slash - 1 == subtype.length()
                    && mediaType.startsWith(subtype, slash + 1) ? 3 : 0;
        }
    }

    private AcceptHeader() {}

    /**
     * The offer to send for {@code accept} (null or blank: the first), or null when the client
     * accepts none; each offer answers to its media types.
     */
    public static <T> T choose(String accept, List<T> offered, Function<T, List<String>> mediaTypes) {
        if (accept == null || accept.isBlank()) {
            return offered.get(0);
        }
        List<Range> ranges = parse(accept);
        T best = null;
        double bestQuality = 0;
        for (T offer : offered) {
            double quality = 0;
            for (String type : mediaTypes.apply(offer)) {
                quality = Math.max(quality, quality(ranges, type));
            }
            if (quality > bestQuality) {
                best = offer;
                bestQuality = quality;
            }
        }
        return best;
    }

    private static double quality(List<Range> ranges, String mediaType) {
        int bestSpecificity = 0;
        double quality = 0;
        for (Range range : ranges) {
            int specificity = range.specificity(mediaType);
            if (specificity > bestSpecificity) {
                bestSpecificity = specificity;
                quality = range.quality();
            } else if (specificity == bestSpecificity && specificity > 0) {
                quality = Math.max(quality, range.quality());
            }
        }
        return quality;
    }

    /** The well-formed ranges of the header; malformed ones are ignored, as clients expect. */
    private static List<Range> parse(String accept) {
        List<Range> ranges = new ArrayList<>();
        for (String element : accept.split(",")) {
            String[] parts = element.split(";", -1);
            String mediaRange = parts[0].trim().toLowerCase(Locale.ROOT);
            int slash = mediaRange.indexOf('/');
            if (slash <= 0 || slash == mediaRange.length() - 1 || mediaRange.indexOf('/', slash + 1) >= 0) {
                continue;
            }
            double quality = 1;
            boolean valid = true;
            for (int i = 1; i < parts.length; i++) {
                String parameter = parts[i].trim();
                if (parameter.regionMatches(true, 0, "q=", 0, 2)) {
                    try {
                        quality = Double.parseDouble(parameter.substring(2).trim());
                        valid = quality >= 0 && quality <= 1;
                    } catch (NumberFormatException e) {
                        valid = false;
                    }
                    break;
                }
            }
            String type = mediaRange.substring(0, slash);
            String subtype = mediaRange.substring(slash + 1);
            if (valid && !(type.equals("*") && !subtype.equals("*"))) {
                ranges.add(new Range(type, subtype, quality));
            }
        }
        return ranges;
    }
}
