package dev.ldf.server.fragment;

import java.util.List;
import java.util.function.Supplier;

/**
 * One page of a fragment as it is answered: the data (streamed from the datasource as it is
 * written), the metadata (the dataset, the request, the count) and the controls (the links to
 * other pages; the search forms follow from the dataset).
 *
 * @param skolemizer turns the data's blank nodes into the IRIs clients see
 * @param predicates the dataset's most used predicates, asked for only by the pages for people
 * @param partitions all of the dataset's predicates with their counts, for the VoID property
 *                   partitions of its first page; empty where it has too many or they may change
 */
public record Fragment(ServerDescription server, DatasetDescription dataset, FragmentRequest request,
        FragmentPage page, PageLinks links, Skolemizer skolemizer, Supplier<List<PredicateCount>> predicates,
        Supplier<List<PredicateCount>> partitions) {

    /** A fragment whose pages list no predicates. */
    public Fragment(ServerDescription server, DatasetDescription dataset, FragmentRequest request, FragmentPage page,
            PageLinks links, Skolemizer skolemizer) {
        this(server, dataset, request, page, links, skolemizer, List::of, List::of);
    }

    /**
     * The URLs of a page's controls.
     *
     * @param self     the URL exactly as requested: clients match the controls' subject against it byte for byte
     * @param previous null on the first page
     * @param next     null on the last page
     * @param last     the last page where the count is exact and not 0, else null
     */
    public record PageLinks(String self, String first, String previous, String next, String last) {
        /** Links without a last page. */
        public PageLinks(String self, String first, String previous, String next) {
            this(self, first, previous, next, null);
        }
    }
}
