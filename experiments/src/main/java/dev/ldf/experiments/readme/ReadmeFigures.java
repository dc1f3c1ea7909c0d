package dev.ldf.experiments.readme;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The README's experiment figures, taken from the committed results rather than typed by hand:
 * every block between {@code <!-- results: NAME -->} and {@code <!-- /results -->} holds the
 * "In short" paragraph of {@code NAME/summary.md} under the results directory (NAME may name a
 * report inside another, such as {@code scale-live/live}). The paragraph is
 * computed from the figures when the experiment runs, so a rerun and {@code ldf-experiments readme}
 * bring the README along; a test fails while they differ.
 */
public final class ReadmeFigures {

    private static final Pattern BLOCK =
            Pattern.compile("(<!-- results: ([a-z0-9-]+(?:/[a-z0-9-]+)*) -->\n)(.*?)(<!-- /results -->)", Pattern.DOTALL);
    private static final String IN_SHORT = "**In short.**";

    private ReadmeFigures() {}

    /** The pages that quote results: the README and the pages of {@code docs/}, under {@code root}. */
    public static List<Path> pages(Path root) throws IOException {
        List<Path> pages = new ArrayList<>(List.of(root.resolve("README.md")));
        try (Stream<Path> docs = Files.list(root.resolve("docs"))) {
            docs.filter(p -> p.getFileName().toString().endsWith(".md")).sorted().forEach(pages::add);
        }
        return pages;
    }

    /** {@code readme} with every results block filled from {@code results}. */
    public static String fill(String readme, Path results) throws IOException {
        Matcher block = BLOCK.matcher(readme);
        StringBuilder out = new StringBuilder();
        while (block.find()) {
            String paragraph = inShort(results.resolve(block.group(2)).resolve("summary.md"));
            block.appendReplacement(out, Matcher.quoteReplacement(block.group(1) + paragraph + "\n" + block.group(4)));
        }
        block.appendTail(out);
        return out.toString();
    }

    /**
     * The summary's "In short": a paragraph that starts so, or everything under a heading so named up
     * to the next heading (a table and its reading, say).
     */
    static String inShort(Path summary) throws IOException {
        String text;
        try {
            text = Files.readString(summary);
        } catch (NoSuchFileException e) {
            throw new IllegalStateException(summary + " not found: run that experiment first");
        }
        String[] paragraphs = text.split("\n\\s*\n");
        for (int i = 0; i < paragraphs.length; i++) {
            String p = paragraphs[i].strip();
            if (p.startsWith(IN_SHORT)) {
                return p.substring(IN_SHORT.length()).strip();
            }
            if (p.equals("## In short") && i + 1 < paragraphs.length) {
                StringBuilder section = new StringBuilder(paragraphs[i + 1].strip());
                for (int j = i + 2; j < paragraphs.length && !paragraphs[j].strip().startsWith("#"); j++) {
                    section.append("\n\n").append(paragraphs[j].strip());
                }
                return section.toString();
            }
        }
        throw new IllegalStateException(summary + " has no \"In short\" paragraph");
    }
}
