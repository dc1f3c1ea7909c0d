package dev.ldf.server.rdf;

import java.util.EnumMap;
import java.util.Map;

/** The writer of each output format, made once at start-up. */
public final class Writers {

    private final Map<OutputFormat, ResponseWriter> writers = new EnumMap<>(OutputFormat.class);

    private Writers() {}

    /** Line-based N-Triples and N-Quads, RIOT's writers for the other RDF formats, and the HTML pages. */
    public static Writers standard() {
        Writers registry = new Writers();
        for (OutputFormat format : OutputFormat.values()) {
            registry.writers.put(format, switch (format) {
                case NTRIPLES, NQUADS -> new LineWriter(format);
                case HTML -> new HtmlWriter();
                default -> new RdfWriter(format);
            });
        }
        return registry;
    }

    public ResponseWriter get(OutputFormat format) {
        return writers.get(format);
    }
}
