package dev.ldf.server.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.vocabulary.RDF;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.testing.Fragments;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.ParsedPage;
import dev.ldf.server.testing.TestData;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The hypermedia controls that TPF clients (Comunica) need, exactly as they read them. */
@Tag("server")
class ControlsTest {

    private static final String HYDRA = ParsedPage.HYDRA;
    private static final String TYPE = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";

    private static List<Triple> find(Graph g, Node s, String p) {
        return g.find(s, p == null ? Node.ANY : NodeFactory.createURI(p), Node.ANY).toList();
    }

    @Test
    void searchFormHasTheTemplateAndExactlyThreeMappings() {
        ParsedPage page = Fragments.fetch(TestServer.dataset("library"));
        Node dataset = NodeFactory.createURI(TestServer.dataset("library") + "#dataset");
        List<Triple> search = find(page.metadata(), dataset, HYDRA + "search");
        assertEquals(1, search.size());
        Node form = search.get(0).getObject();
        List<Triple> templates = find(page.metadata(), form, HYDRA + "template");
        assertEquals(1, templates.size());
        assertEquals(TestServer.dataset("library") + "{?subject,predicate,object}",
                templates.get(0).getObject().getLiteralLexicalForm());
        List<Triple> mappings = find(page.metadata(), form, HYDRA + "mapping");
        assertEquals(3, mappings.size(), "any other mapping makes Comunica reject the form");
        Set<String> pairs = mappings.stream().map(m -> {
            Node mapping = m.getObject();
            String variable = find(page.metadata(), mapping, HYDRA + "variable").get(0).getObject().getLiteralLexicalForm();
            String property = find(page.metadata(), mapping, HYDRA + "property").get(0).getObject().getURI();
            return variable + "=" + property;
        }).collect(Collectors.toSet());
        assertEquals(Set.of("subject=" + RDF.subject.getURI(), "predicate=" + RDF.predicate.getURI(),
                "object=" + RDF.object.getURI()), pairs);
    }

    /**
     * The dataset's first page lists every predicate with its count (VoID property partitions)
     * and says how many there are, so that a client federating several sources knows where a
     * pattern cannot match; no other page repeats the list.
     */
    @Test
    void theDatasetsFirstPageListsEveryPredicateWithItsCount() {
        String url = TestServer.dataset("library");
        ParsedPage page = Fragments.fetch(url);
        Node dataset = NodeFactory.createURI(url + "#dataset");
        String voidNs = "http://rdfs.org/ns/void#";
        List<Triple> partitions = find(page.metadata(), dataset, voidNs + "propertyPartition");
        assertEquals(Long.parseLong(find(page.metadata(), dataset, voidNs + "properties").get(0).getObject()
                .getLiteralLexicalForm()), partitions.size());
        assertTrue(partitions.size() > 20, "the library's predicates: " + partitions.size());
        for (Triple partition : partitions) {
            Node predicate = find(page.metadata(), partition.getObject(), voidNs + "property").get(0).getObject();
            long triples = Long.parseLong(find(page.metadata(), partition.getObject(), voidNs + "triples").get(0)
                    .getObject().getLiteralLexicalForm());
            ParsedPage fragment = Fragments.fetch(url + "?predicate="
                    + URLEncoder.encode(predicate.getURI(), StandardCharsets.UTF_8));
            assertEquals(fragment.count(), triples, predicate.getURI());
        }
        for (String other : List.of(url + "?page=2", url + "?predicate=http%3A%2F%2Fschema.org%2Fname")) {
            assertEquals(0, find(Fragments.fetch(other).metadata(), dataset, voidNs + "propertyPartition").size(), other);
        }
    }

    @Test
    void pagingControlsHaveTheRequestedUrlByteForByteAsSubject() {
        // Lower-case hex, an escaped unreserved character and parameters in an unusual order.
        String url = TestServer.dataset("paged") + "?object=http%3a%2f%2fschema.org%2fBook&%70redicate=" + "http%3A%2F%2Fwww.w3.org%2F1999%2F02%2F22-rdf-syntax-ns%23type&page=2";
        ParsedPage page = Fragments.fetch(url);
        assertEquals(7, page.data().size());
        assertEquals(TestServer.dataset("paged") + "?object=http%3a%2f%2fschema.org%2fBook&%70redicate="
                + "http%3A%2F%2Fwww.w3.org%2F1999%2F02%2F22-rdf-syntax-ns%23type&page=3", page.next().orElseThrow());
        assertEquals(TestServer.dataset("paged") + "?object=http%3a%2f%2fschema.org%2fBook&%70redicate="
                + "http%3A%2F%2Fwww.w3.org%2F1999%2F02%2F22-rdf-syntax-ns%23type", page.link("previous").orElseThrow());
        assertEquals(page.link("previous"), page.link("first"));
    }

    @Test
    void pageMetadataDescribesTheViewAndTheDataset() {
        String url = Http.url(TestServer.dataset("library"), "predicate", "http://schema.org/author");
        ParsedPage page = Fragments.fetch(url);
        Graph m = page.metadata();
        Node dataset = NodeFactory.createURI(TestServer.dataset("library") + "#dataset");
        assertTrue(m.contains(dataset, NodeFactory.createURI(ParsedPage.VOID + "subset"), page.page()));
        assertTrue(m.contains(page.page(), NodeFactory.createURI(TYPE), NodeFactory.createURI(HYDRA + "PartialCollectionView")));
        assertTrue(m.contains(dataset, NodeFactory.createURI(TYPE), NodeFactory.createURI(ParsedPage.VOID + "Dataset")));
        assertTrue(m.contains(page.page(), NodeFactory.createURI("http://purl.org/dc/terms/source"), dataset));
        assertEquals("Library", find(m, dataset, "http://purl.org/dc/terms/title").get(0).getObject().getLiteralLexicalForm());
        assertEquals(page.count(), page.integer(page.page(), HYDRA + "totalItems").orElseThrow());
        assertEquals(100L, page.integer(page.page(), HYDRA + "itemsPerPage").orElseThrow());
        Node countNode = find(m, page.page(), ParsedPage.VOID + "triples").get(0).getObject();
        assertEquals("http://www.w3.org/2001/XMLSchema#integer", countNode.getLiteralDatatypeURI());
        assertFalse(page.link("previous").isPresent());
        assertEquals(url, page.link("first").orElseThrow());
    }

    @Test
    void indexListsTheDatasetsWithTheirSizes() {
        String index = TestServer.uri().toString();
        String body = Http.get(index, "Accept", "text/turtle").body();
        ParsedPage page = ParsedPage.parse(index, body, Lang.TURTLE);
        Node catalog = NodeFactory.createURI(index);
        List<Triple> members = find(page.metadata(), catalog, HYDRA + "member");
        assertEquals(Set.of("library", "paged", "loaded", "tpfonly"), members.stream()
                .map(t -> t.getObject().getURI().replace(index, "").replace("#dataset", "")).collect(Collectors.toSet()));
        Node library = NodeFactory.createURI(TestServer.dataset("library") + "#dataset");
        assertEquals((long) TestData.all().size(),
                page.integer(library, ParsedPage.VOID + "triples").orElseThrow());
        assertTrue(page.integer(library, ParsedPage.VOID + "properties").orElseThrow() > 10);
        String html = Http.get(index, "Accept", "text/html").body();
        assertTrue(html.contains("href=\"" + TestServer.dataset("library") + "\""));
        assertTrue(html.contains("The library dataset."));
    }

    @Test
    void skolemIrisDereferenceToTheirFragment() {
        ParsedPage addresses = Fragments.fetch(Http.url(TestServer.dataset("library"), "predicate", "http://schema.org/address"));
        String genid = addresses.data().get(0).getObject().getURI();
        assertTrue(genid.startsWith(TestServer.uri() + ".well-known/genid/library/"));
        var response = Http.get(genid);
        assertEquals(303, response.statusCode());
        String location = response.headers().firstValue("Location").orElseThrow();
        ParsedPage about = Fragments.fetch(location);
        assertTrue(about.data().size() >= 3, "an address has a type, street, postal code and locality");
        assertTrue(about.data().stream().allMatch(t -> t.getSubject().getURI().equals(genid)));
    }

    /** Issue 33: a prefixed name the pages show finds what its IRI finds, and the form shows the IRI back. */
    @Test
    void prefixedNamesFindWhatTheirIrisFind() {
        String prefixed = TestServer.dataset("library") + "?predicate=schema%3Aname";
        String full = TestServer.dataset("library") + "?predicate=" + PublicUrls.encode("http://schema.org/name");
        String viaPrefix = Http.get(prefixed, "Accept", "application/n-triples").body();
        String viaIri = Http.get(full, "Accept", "application/n-triples").body();
        Assertions.assertTrue(viaIri.contains("<http://schema.org/name>"), viaIri);
        Assertions.assertEquals(
                viaIri.lines().filter(l -> l.contains("<http://schema.org/name> \"")).toList(),
                viaPrefix.lines().filter(l -> l.contains("<http://schema.org/name> \"")).toList());
        String page = Http.get(prefixed, "Accept", "text/html").body();
        Assertions.assertTrue(page.contains("value=\"http://schema.org/name\""),
                "the form shows the full IRI");
    }
}
