package dev.ldf.watdiv.generate;

import java.io.IOException;
import java.io.Writer;

/** Writes generated triples as N-Triples lines. Not thread-safe; the caller closes the writer. */
public final class NTriplesSink implements WatDivGenerator.Sink {

    private final Writer out;
    private final StringBuilder line = new StringBuilder(256);

    public NTriplesSink(Writer out) {
        this.out = out;
    }

    @Override
    public void triple(String subject, String predicate, String object, boolean literal) throws IOException {
        line.setLength(0);
        line.append('<').append(subject).append("> <").append(predicate).append("> ");
        if (literal) {
            line.append('"');
            for (int i = 0; i < object.length(); i++) {
                char c = object.charAt(i);
                switch (c) {
                    case '"' -> line.append("\\\"");
                    case '\\' -> line.append("\\\\");
                    case '\n' -> line.append("\\n");
                    case '\r' -> line.append("\\r");
                    default -> line.append(c);
                }
            }
            line.append('"');
        } else {
            line.append('<').append(object).append('>');
        }
        out.append(line).append(" .\n");
    }
}
