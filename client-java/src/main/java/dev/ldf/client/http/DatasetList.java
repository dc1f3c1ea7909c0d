package dev.ldf.client.http;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.vocabulary.RDF;

import dev.ldf.client.page.Page;

import static dev.ldf.client.page.Vocabulary.*;

/**
 * The datasets a page lists, for a user who gave a server's index instead of a dataset: members
 * of a {@code hydra:Collection} and {@code void:Dataset}s, by the URL where their fragments are
 * (their {@code rdfs:seeAlso}, else the dataset's IRI without its fragment), with their titles.
 */
public final class DatasetList {

    private static final Node TYPE = RDF.type.asNode();

    private DatasetList() {}

    /** "URL (title)" for every dataset the page lists, in the page's order. */
    public static List<String> in(Page page) {
        Set<Node> datasets = new LinkedHashSet<>();
        for (Triple t : page.data()) {
            if (t.getPredicate().equals(HYDRA_MEMBER) && t.getObject().isURI()) {
                datasets.add(t.getObject());
            } else if (t.getPredicate().equals(TYPE) && t.getObject().equals(VOID_DATASET) && t.getSubject().isURI()) {
                datasets.add(t.getSubject());
            }
        }
        List<String> listed = new ArrayList<>();
        for (Node dataset : datasets) {
            String url = object(page, dataset, RDFS_SEE_ALSO).filter(Node::isURI).map(Node::getURI)
                    .orElse(dataset.getURI().replaceFirst("#.*$", ""));
            listed.add(url + object(page, dataset, DCTERMS_TITLE).filter(Node::isLiteral)
                    .map(title -> " (" + title.getLiteralLexicalForm() + ")").orElse(""));
        }
        return listed;
    }

    private static Optional<Node> object(Page page, Node subject, Node predicate) {
        return page.data().stream().filter(t -> t.getSubject().equals(subject) && t.getPredicate().equals(predicate))
                .map(Triple::getObject).findFirst();
    }
}
