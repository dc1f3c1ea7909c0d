package dev.ldf.server.fragment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * The solution mappings of a brTPF request: a SPARQL {@code VALUES} block without the keyword,
 * e.g. {@code (?o ?c) { (<http://ex.org/a> UNDEF) ("x"@en 3) }}, as Comunica's brTPF mode and the
 * brTPF prototype send it. {@code UNDEF} leaves a variable unbound in that mapping.
 *
 * <p>The rows keep their order (brTPF pages over a sequence) with exact duplicates removed, so
 * {@link #size()} is the number of distinct mappings.
 */
public record Bindings(List<Var> variables, List<Binding> rows) {

    /** The query text before the block; Jena's error columns are counted from its start. */
    private static final String PREFIX = "SELECT * WHERE {} VALUES ";
    private static final Pattern COLUMN = Pattern.compile("(?i)line 1, column (\\d+)");

    public Bindings {
        variables = List.copyOf(variables);
        rows = List.copyOf(rows);
    }

    public int size() {
        return rows.size();
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }

    /**
     * Parses a VALUES block with Jena's SPARQL parser; relative IRIs are resolved against
     * {@code base}.
     *
     * @throws BadRequestException when the text is not a VALUES block
     */
    public static Bindings parse(String values, String base) {
        Query query;
        try {
            query = QueryFactory.create(PREFIX + values, base);
        } catch (QueryParseException e) {
            throw new BadRequestException("The values parameter is not a SPARQL VALUES block: " + explain(e));
        } catch (RuntimeException e) {
            // Jena reports some problems (e.g. a bad IRI) with other exception types.
            throw new BadRequestException("The values parameter is not a SPARQL VALUES block: " + e.getMessage());
        }
        if (!query.hasValues()) {
            throw new BadRequestException("The values parameter is not a SPARQL VALUES block.");
        }
        List<Binding> distinct = new ArrayList<>(new LinkedHashSet<>(query.getValuesData()));
        return new Bindings(query.getValuesVariables(), distinct);
    }

    private static String explain(QueryParseException e) {
        String first = e.getMessage() == null ? "syntax error" : e.getMessage().lines().findFirst().orElse("syntax error");
        Matcher m = COLUMN.matcher(first);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            int column = Integer.parseInt(m.group(1)) - PREFIX.length();
            m.appendReplacement(b, "column " + Math.max(1, column));
        }
        m.appendTail(b);
        String text = b.toString().trim();
        return text.length() > 200 ? text.substring(0, 197) + "..." : text;
    }
}
