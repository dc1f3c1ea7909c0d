package dev.ldf.server.rdf;

import java.util.EnumMap;
import java.util.Map;

/** The writer of each output format, made once at start-up. */
public final class Writers {

    private final Map<OutputFormat, ResponseWriter> writers = new EnumMap<>(OutputFormat.class);

    private Writers() {}

    /** RIOT's writers for the RDF formats, and the HTML pages. */
    public static Writers standard() {
        Writers registry = new Writers();
        for (OutputFormat format : OutputFormat.values()) {
            registry.writers.put(format, format.isRdf() ? new RdfWriter(format) : new HtmlWriter());
        }
        return registry;
    }

    public ResponseWriter get(OutputFormat format) {
        return writers.get(format);
    }
}
