package dev.ldf.server.http;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import dev.ldf.cli.AcceptHeader;
import dev.ldf.server.rdf.OutputFormat;

/**
 * Chooses the output format of a fragment or an error from an Accept header, by the rules of
 * {@link AcceptHeader}; ties go to the server's order ({@link OutputFormat}).
 */
final class ContentNegotiation {

    /** Each format's media type and aliases, listed once rather than on every request. */
    private static final Map<OutputFormat, List<String>> MEDIA_TYPES = new EnumMap<>(OutputFormat.class);

    static {
        for (OutputFormat format : OutputFormat.values()) {
            List<String> types = new ArrayList<>(List.of(format.mediaType()));
            types.addAll(format.aliases());
            MEDIA_TYPES.put(format, List.copyOf(types));
        }
    }

    private ContentNegotiation() {}

    /**
     * The format to send for {@code accept} (null or blank: the server's default), or null when
     * the client accepts none of the formats.
     */
    static OutputFormat choose(String accept, List<OutputFormat> offered) {
        return AcceptHeader.choose(accept, offered, MEDIA_TYPES::get);
    }
}
