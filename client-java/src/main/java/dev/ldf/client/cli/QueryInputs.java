package dev.ldf.client.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;

import dev.ldf.cli.Suggestions;
import dev.ldf.cli.UsageException;
import dev.ldf.client.source.SparqlEndpointSource;

/** The queries of one call of {@code ldf-query}: where they come from, named, and parsed before any runs. */
final class QueryInputs {

    private QueryInputs() {}

    /** A query to run, with the name its results and statistics go under. */
    record NamedQuery(String name, Query query, QueryOutput.Format format) {}

    /** Parses every query before any runs, so that a mistake in the tenth does not waste the first nine. */
    static List<NamedQuery> parse(List<String[]> texts, Function<Query, QueryOutput.Format> format) {
        List<NamedQuery> parsed = new ArrayList<>();
        for (String[] named : texts) {
            Query query;
            try {
                query = QueryFactory.create(named[1]);
            } catch (QueryParseException e) {
                String position = e.getLine() > 0 ? " at line " + e.getLine() + ", column " + e.getColumn() : "";
                // Jena puts the position before or after its message: it is said once, in front.
                String what = e.getMessage().lines().findFirst().orElse("").replaceFirst("\\s*at line \\d+, column \\d+\\.?$", "")
                        .replaceFirst("^Line \\d+, column \\d+: ", "");
                throw new UsageException((texts.size() > 1 ? named[0] + ": " : "") + "the query is not valid SPARQL"
                        + position + ": " + what);
            }
            parsed.add(new NamedQuery(named[0], query, format.apply(query)));
        }
        return parsed;
    }

    /** Every query given, as {name, text}: the argument, each --file, each line of --queries. */
    static List<String[]> gather(String queryText, List<String> files, Path queriesFile, Path resultsDir) {
        List<String[]> queries = new ArrayList<>();
        if (queryText != null) {
            if (!files.isEmpty()) {
                throw new UsageException("give the query as an argument or with --file, not both");
            }
            queries.add(new String[] {"query", queryText});
        }
        for (String file : files) {
            queries.add(new String[] {file.equals("-") ? "stdin" : Path.of(file).getFileName().toString(), read(file)});
        }
        if (queriesFile != null) {
            String[] lines = read(queriesFile.toString()).split("\\R");
            for (int i = 0; i < lines.length; i++) {
                if (lines[i].isBlank() || lines[i].startsWith("#")) {
                    continue;
                }
                int tab = lines[i].indexOf('\t');
                queries.add(tab < 0 ? new String[] {"line" + (i + 1), lines[i]}
                        : new String[] {lines[i].substring(0, tab), lines[i].substring(tab + 1)});
            }
        }
        if (queries.isEmpty()) {
            throw new UsageException("give a query as an argument, with --file or with --queries");
        }
        if (resultsDir != null && queries.size() == 1) {
            throw new UsageException("--results-dir is for several queries; one query writes to standard output");
        }
        return queries;
    }

    private static String read(String file) {
        try {
            if (file.equals("-")) {
                return new String(System.in.readAllBytes(), StandardCharsets.UTF_8);
            }
            return Files.readString(Path.of(file));
        } catch (NoSuchFileException e) {
            throw new UsageException("query file not found: " + file);
        } catch (IOException e) {
            throw new UsageException("cannot read the query file " + file + ": " + e.getMessage());
        }
    }

    /**
     * Where results go and in which format: {@code -o/--output} names a file, as in every command;
     * a format name there is the spelling of {@code --format} from before, taken so for one more
     * release with a one-line notice.
     */
    record OutputChoice(Path file, String format) {

        static OutputChoice of(String output, String format, PrintStream err) {
            if (output != null && format == null && isFormatName(output) && !Files.exists(Path.of(output))) {
                err.println("notice: -o " + output + " names a format: use --format " + output
                        + " (-o names the output file now; the old spelling goes in the next release)");
                return new OutputChoice(null, output);
            }
            return new OutputChoice(output == null ? null : Path.of(output), format);
        }

        private static boolean isFormatName(String name) {
            return Arrays.stream(QueryOutput.Format.values()).anyMatch(f -> f.name().equalsIgnoreCase(name));
        }

        /** Standard output, or the file (created or emptied). */
        PrintStream open(PrintStream standardOutput) {
            if (file == null) {
                return new PrintStream(standardOutput) {
                    @Override
                    public void close() {
                        flush(); // standard output stays open
                    }
                };
            }
            try {
                return new PrintStream(Files.newOutputStream(file), false, StandardCharsets.UTF_8);
            } catch (IOException e) {
                throw new UsageException("cannot write the output file " + file + ": " + e.getMessage());
            }
        }
    }

    /**
     * The positional arguments split into the sources (URLs, first) and the query text (last,
     * optional: else --file or --queries), as {@code comunica-sparql URL1 URL2 … QUERY} takes
     * them. A source may carry Comunica's type prefix: {@code sparql@} names a plain SPARQL
     * endpoint; with {@code tpf@}, {@code brtpf@} or {@code hypermedia@} the interface is read from
     * its controls as without.
     */
    static Positional positional(List<String> arguments) {
        List<String> sources = new ArrayList<>();
        String query = null;
        for (int i = 0; i < arguments.size(); i++) {
            String argument = arguments.get(i);
            boolean last = i == arguments.size() - 1;
            if (i > 0 && last && !looksLikeSource(argument)) {
                query = argument;
                continue;
            }
            String url = withoutType(argument);
            checkUrl(url.startsWith(SparqlEndpointSource.PREFIX) ? url.substring(SparqlEndpointSource.PREFIX.length()) : url);
            sources.add(url);
        }
        return new Positional(sources, query);
    }

    /** The sources to query, in the order given, and the query text or null. */
    record Positional(List<String> sources, String query) {}

    private static final Pattern TYPED = Pattern.compile(
            "(?i)(tpf|brtpf|hypermedia|sparql)@(.*)");

    private static boolean looksLikeSource(String argument) {
        String lower = argument.trim().toLowerCase(Locale.ROOT);
        return lower.startsWith("http://") || lower.startsWith("https://") || TYPED.matcher(argument).matches();
    }

    private static String withoutType(String argument) {
        Matcher typed = TYPED.matcher(argument);
        if (!typed.matches()) {
            return argument;
        }
        // A SPARQL endpoint keeps its prefix: it is queried differently.
        return typed.group(1).equalsIgnoreCase("sparql") ? SparqlEndpointSource.PREFIX + typed.group(2) : typed.group(2);
    }

    /** An http(s) URL with a host; anything else is a mistake in the call, with the likely fix. */
    static void checkUrl(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new UsageException("'" + url + "' is not a URL: " + e.getReason());
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http") && !scheme.equals("https") || uri.getHost() == null) {
            throw new UsageException("'" + url + "' is not an http(s) URL of a dataset"
                    + (uri.getScheme() == null ? "; did you mean http://" + url + "?" : ""));
        }
    }

    /** The output format of {@code query}: {@code format} as given (checked against the query's form), or the default for it. */
    static QueryOutput.Format format(String format, Query query) {
        boolean graph = query.isConstructType() || query.isDescribeType();
        if (format == null) {
            return graph ? QueryOutput.Format.TURTLE : QueryOutput.Format.TABLE;
        }
        QueryOutput.Format f;
        try {
            f = QueryOutput.Format.valueOf(format.toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            List<String> names = Arrays.stream(QueryOutput.Format.values()).map(v -> v.name().toLowerCase(Locale.ROOT))
                    .toList();
            throw new UsageException("unknown format '" + format + "'" + Suggestions.nearest(format, names)
                    .map(n -> "; did you mean '" + n + "'?").orElse("") + " (the formats: " + String.join(", ", names) + ")");
        }
        if (graph == f.forResults()) {
            throw new UsageException("format '" + format + "' does not suit a "
                    + (graph ? "CONSTRUCT or DESCRIBE" : "SELECT or ASK") + " query");
        }
        return f;
    }
}
