package dev.ldf.client.page;

import java.util.List;
import java.util.Map;

/**
 * A Hydra search form: an RFC 6570 form-style query template such as
 * {@code http://h/data{?subject,predicate,object}} and which template variable carries which
 * property ({@code rdf:subject} → {@code "subject"}).
 *
 * @param base      the template before its expression
 * @param variables the template's variables in order
 * @param mappings  property IRI → template variable
 */
public record SearchForm(String base, List<String> variables, Map<String, String> mappings) {

    public SearchForm {
        variables = List.copyOf(variables);
        mappings = Map.copyOf(mappings);
    }

    /** The form for a {@code hydra:template} value, or null when it is not form-style {@code {?a,b}}. */
    public static SearchForm parse(String template, Map<String, String> mappings) {
        int open = template.indexOf("{?");
        if (open < 0 || !template.endsWith("}")) {
            return null;
        }
        List<String> variables = List.of(template.substring(open + 2, template.length() - 1).split(","));
        return new SearchForm(template.substring(0, open), variables, mappings);
    }

    /** The template variable for a property, or null. */
    public String variableFor(String property) {
        return mappings.get(property);
    }
}
