package dev.ldf.server.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Collectors;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import com.fasterxml.jackson.databind.json.JsonMapper;

import dev.ldf.cli.Suggestions;

/**
 * A configuration as a JSON file: read strictly (unknown keys, with the nearest known one as a
 * suggestion, and wrong types are errors that name the file, the key and the line) and written
 * back for a server started in another process.
 */
public final class ConfigFile {

    private static final ObjectMapper JSON = JsonMapper.builder()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .build();

    private ConfigFile() {}

    /**
     * Reads and checks a JSON configuration; HDT paths are resolved against the file's directory.
     *
     * @throws ConfigException naming the file and the problem
     */
    public static ServerConfig read(Path file) {
        ServerConfig parsed;
        try {
            byte[] json = Files.readAllBytes(file);
            if (new String(json, StandardCharsets.UTF_8).isBlank()) {
                throw new ConfigException("Configuration " + file + " is empty");
            }
            parsed = JSON.readValue(json, ServerConfig.class);
        } catch (UnrecognizedPropertyException e) {
            String parent = path(e, 1);
            throw new ConfigException("Configuration " + file + ": unknown key '" + e.getPropertyName() + "'"
                    + (parent.isEmpty() ? "" : " in " + parent) + locationOf(e) + suggestion(e), e);
        } catch (InvalidFormatException e) {
            String key = path(e, 0);
            throw new ConfigException("Configuration " + file + ": " + (key.isEmpty() ? "a value" : key) + " must be "
                    + expected(e.getTargetType()) + ", not " + shown(e.getValue()) + locationOf(e), e);
        } catch (MismatchedInputException e) {
            String key = path(e, 0);
            Class<?> type = e.getTargetType();
            throw new ConfigException("Configuration " + file + ": " + (key.isEmpty() ? "the configuration" : key)
                    + (type == null ? ": " + plain(e) : " must be " + expected(type)) + locationOf(e), e);
        } catch (JsonMappingException e) {
            String key = path(e, 0);
            throw new ConfigException("Configuration " + file + ": " + (key.isEmpty() ? "" : key + ": ")
                    + plain(e) + locationOf(e), e);
        } catch (JsonProcessingException e) {
            throw new ConfigException("Configuration " + file + " is not valid JSON: " + plain(e) + locationOf(e), e);
        } catch (NoSuchFileException e) {
            throw new ConfigException("Configuration file not found: " + file, e);
        } catch (IOException e) {
            throw new ConfigException("Cannot read configuration " + file + ": " + e.getMessage(), e);
        }
        if (parsed == null) {
            throw new ConfigException("Configuration " + file + " is empty");
        }
        Path dir = file.toAbsolutePath().getParent();
        try {
            return parsed.toBuilder().datasets(parsed.datasets().stream().map(d -> d == null ? null : d.resolvedAgainst(dir))
                    .toList()).build();
        } catch (ConfigException e) {
            throw new ConfigException("Configuration " + file + ": " + e.getMessage(), e);
        }
    }

    /** What a setting of {@code type} is, in words. */
    private static String expected(Class<?> type) {
        if (type == Integer.class || type == int.class || type == Long.class || type == long.class) {
            return "a whole number";
        }
        if (type == Boolean.class || type == boolean.class) {
            return "true or false";
        }
        if (type == String.class) {
            return "a string (in quotes)";
        }
        if (type.isEnum()) {
            return "one of " + Arrays.stream(type.getEnumConstants()).map(c -> "\"" + c.toString()
                    .toLowerCase(Locale.ROOT) + "\"").collect(Collectors.joining(", "));
        }
        if (List.class.isAssignableFrom(type)) {
            return "a list ([...])";
        }
        if (Map.class.isAssignableFrom(type) || type.isRecord()) {
            return "an object ({...})";
        }
        return "a " + type.getSimpleName();
    }

    private static String shown(Object value) {
        String text = value instanceof String string ? "\"" + string + "\"" : String.valueOf(value);
        return text.length() > 60 ? text.substring(0, 57) + "..." : text;
    }

    /** Writes {@code config} as JSON that {@link #read} accepts. */
    public static void write(ServerConfig config, Path file) throws IOException {
        JSON.writerWithDefaultPrettyPrinter().writeValue(file.toFile(), config);
    }

    /** Where in the configuration the error is, e.g. {@code datasets[0].pageSize}, without the last {@code drop} steps. */
    private static String path(JsonMappingException e, int drop) {
        List<JsonMappingException.Reference> path = e.getPath();
        StringBuilder b = new StringBuilder();
        for (JsonMappingException.Reference r : path.subList(0, Math.max(0, path.size() - drop))) {
            b.append(r.getFieldName() != null ? (b.length() == 0 ? "" : ".") + r.getFieldName() : "[" + r.getIndex() + "]");
        }
        return b.toString();
    }

    private static String suggestion(UnrecognizedPropertyException e) {
        List<String> known = e.getKnownPropertyIds().stream().map(Object::toString).sorted().toList();
        return Suggestions.nearest(e.getPropertyName(), known).map(k -> "; did you mean '" + k + "'?")
                .orElse("; the keys here are " + known.stream().collect(Collectors.joining(", ")));
    }

    /** Jackson's message without its source description ({@code [Source: REDACTED ...; line: 1, column: 13]}). */
    private static String plain(JsonProcessingException e) {
        return e.getOriginalMessage().replaceAll("\\[Source: [^\\]]*?line: (\\d+), column: (\\d+)\\]", "line $1, column $2");
    }

    private static String locationOf(JsonProcessingException e) {
        var location = e.getLocation();
        return location == null ? "" : " (line " + location.getLineNr() + ", column " + location.getColumnNr() + ")";
    }
}
