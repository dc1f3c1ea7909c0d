package dev.ldf.hdt.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.apache.jena.atlas.iterator.IteratorSlotted;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.dictionary.impl.WriteFourSectionDictionary;
import org.rdfhdt.hdt.dictionary.impl.section.WriteDictionarySection;
import org.rdfhdt.hdt.enums.TripleComponentOrder;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTVocabulary;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.options.HDTOptions;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.TripleString;
import org.rdfhdt.hdt.triples.impl.BitmapTriples;

import dev.ldf.hdt.build.TermChanges.Section;

/**
 * The next version of an HDT file, made from the file itself, a few of its triples to drop and
 * a few triples to add, in one pass over its dictionary and triples and without sorting them
 * again. The base is already sorted: a term that stays keeps its place among the others, so its
 * new ID is its old one moved by the terms that left or arrived before it ({@link IdShift}), and
 * the base's triples keep their order. Only the terms the changes touch are looked at one by one
 * ({@link TermChanges}); only the subjects that moved between sections have their triples read
 * apart, and only groups holding a moved object are sorted again ({@link MergedTriples}). The
 * index is noted as the triples stream by, as a build notes it. The heap holds the changes, not
 * the base.
 */
public final class HdtMerge {

    private final HDT base;
    private final Dictionary dictionary;
    private final long shared;
    private final ProgressListener progress;

    private HdtMerge(HDT base, ProgressListener progress) {
        this.base = base;
        this.dictionary = base.getDictionary();
        this.shared = dictionary.getShared().getNumberOfElements();
        this.progress = progress;
    }

    /** Whether {@code base} can be merged: a four-section dictionary and triples in subject, predicate, object order. */
    public static boolean canMerge(HDT base) {
        return HDTVocabulary.DICTIONARY_TYPE_FOUR_SECTION.equals(base.getDictionary().getType())
                && base.getTriples() instanceof BitmapTriples triples && triples.getOrder() == TripleComponentOrder.SPO;
    }

    /**
     * {@code base} (opened with its index) less {@code deleted} (base IDs) plus {@code added}
     * (spelled as the base spells terms, none of them in the base; read twice, so a view that
     * spells them as it goes keeps them off the heap), built in {@code work}; the
     * caller saves the HDT it gets, writes its index and closes it.
     */
    public static HdtBuilder.Built merge(HDT base, Collection<TripleID> deleted, Collection<TripleString> added, Path work,
            String baseUri, ProgressListener progress) throws IOException {
        if (!canMerge(base)) {
            throw new IllegalArgumentException("only a four-section dictionary with triples in SPO order can be merged");
        }
        Files.createDirectories(work);
        return new HdtMerge(base, progress).write(deleted, added, work, baseUri);
    }

    private HdtBuilder.Built write(Collection<TripleID> deleted, Collection<TripleString> added, Path work, String baseUri)
            throws IOException {
        TripleID[] gone = deleted.stream().map(t -> new TripleID(t.getSubject(), t.getPredicate(), t.getObject()))
                .sorted().distinct().toArray(TripleID[]::new);
        Set<TripleID> goneSet = new HashSet<>(Arrays.asList(gone));
        progress.notifyProgress(0, String.format(Locale.ROOT, "merging: %,d triples deleted and %,d added", gone.length,
                added.size()));
        TermChanges changes = TermChanges.of(base, Arrays.asList(gone), goneSet, added);

        SectionMerge sharedMerge = sectionMerge(changes, Section.SHARED, shared);
        SectionMerge subjectMerge = sectionMerge(changes, Section.SUBJECTS, dictionary.getSubjects().getNumberOfElements());
        SectionMerge objectMerge = sectionMerge(changes, Section.OBJECTS, dictionary.getObjects().getNumberOfElements());
        SectionMerge predicateMerge = new SectionMerge(dictionary.getPredicates().getNumberOfElements(),
                changes.leavingPredicates(), changes.arrivingPredicates());
        WriteDictionarySection sharedSection = HdtBuilder.section(work, "shared",
                sharedMerge.terms(dictionary.getShared().getSortedEntries()), sharedMerge.count(), progress);
        WriteDictionarySection subjects = HdtBuilder.section(work, "subjects",
                subjectMerge.terms(dictionary.getSubjects().getSortedEntries()), subjectMerge.count(), progress);
        WriteDictionarySection objects = HdtBuilder.section(work, "objects",
                objectMerge.terms(dictionary.getObjects().getSortedEntries()), objectMerge.count(), progress);
        WriteDictionarySection predicates = HdtBuilder.section(work, "predicates",
                predicateMerge.terms(dictionary.getPredicates().getSortedEntries()), predicateMerge.count(), progress);
        WriteFourSectionDictionary newDictionary = new WriteFourSectionDictionary(HDTOptions.of(), subjects, predicates,
                objects, sharedSection);

        Ids ids = new Ids(changes, sharedMerge, subjectMerge, objectMerge, predicateMerge);
        List<TripleID> addedIds = new ArrayList<>(added.size());
        for (TripleString t : added) {
            addedIds.add(new TripleID(ids.subject(changes.terms.get(TermChanges.key(t.getSubject()))),
                    changes.predicates.get(TermChanges.key(t.getPredicate())).newLocal,
                    ids.object(changes.terms.get(TermChanges.key(t.getObject())))));
        }
        addedIds.sort(null);
        Iterator<TripleID> spo = new MergedTriples(List.of(new BaseTriples(ids, gone), new MovedSubjects(ids, goneSet),
                addedIds.iterator()));
        long upperBound = base.getTriples().getNumberOfElements() - gone.length + added.size();
        // A merge runs beside what its caller holds (a live dataset's overlay): its index's sorts take a
        // quarter of what a conversion's take.
        int buffered = 3 * HdtBuilder.ChunkSize.forHeap(Runtime.getRuntime().maxMemory() / 4).triples();
        return HdtBuilder.write(work, newDictionary, sharedMerge.count() + objectMerge.count(), predicateMerge.count(), spo,
                upperBound, buffered, true, baseUri, progress);
    }

    private SectionMerge sectionMerge(TermChanges changes, Section section, long oldCount) {
        return new SectionMerge(oldCount, changes.leaving(section), changes.arriving(section));
    }

    /** Old IDs to new ones, once the merged sections are written. */
    private final class Ids {
        private final IdShift sharedShift;
        private final IdShift subjectShift;
        private final IdShift objectShift;
        private final IdShift predicateShift;
        private final long newShared;
        /** Subjects that moved between sections: their old IDs sorted, and pairs of old and new ID in their new order. */
        private final long[] movedSubjects;
        private final long[][] movedSubjectsByNewId;
        private final long[] movedObjects;
        private final long[] movedObjectIds;

        Ids(TermChanges changes, SectionMerge sharedMerge, SectionMerge subjectMerge, SectionMerge objectMerge,
                SectionMerge predicateMerge) {
            sharedShift = sharedMerge.shift();
            subjectShift = subjectMerge.shift();
            objectShift = objectMerge.shift();
            predicateShift = predicateMerge.shift();
            newShared = sharedMerge.count();
            for (TermChanges.Term t : changes.terms.values()) {
                if (t.before == t.after && t.after != Section.NONE) {
                    t.newLocal = shift(t.after).map(changes.oldLocal(t, t.after));
                }
            }
            for (TermChanges.Predicate p : changes.predicates.values()) {
                if (p.oldId > 0 && p.used) {
                    p.newLocal = predicateShift.map(p.oldId);
                }
            }
            List<long[]> subjects = new ArrayList<>();
            List<long[]> objects = new ArrayList<>();
            for (TermChanges.Term t : changes.terms.values()) {
                if (t.before == t.after) {
                    continue;
                }
                if (t.oldSubject > 0 && t.after != Section.OBJECTS && t.after != Section.NONE) {
                    subjects.add(new long[] {t.oldSubject, subject(t)});
                }
                if (t.oldObject > 0 && t.after != Section.SUBJECTS && t.after != Section.NONE) {
                    objects.add(new long[] {t.oldObject, object(t)});
                }
            }
            subjects.sort((a, b) -> Long.compare(a[0], b[0]));
            objects.sort((a, b) -> Long.compare(a[0], b[0]));
            movedSubjects = subjects.stream().mapToLong(a -> a[0]).toArray();
            movedSubjectsByNewId = subjects.stream().sorted((a, b) -> Long.compare(a[1], b[1])).toArray(long[][]::new);
            movedObjects = objects.stream().mapToLong(a -> a[0]).toArray();
            movedObjectIds = objects.stream().mapToLong(a -> a[1]).toArray();
        }

        private IdShift shift(Section section) {
            return switch (section) {
                case SHARED -> sharedShift;
                case SUBJECTS -> subjectShift;
                case OBJECTS -> objectShift;
                case NONE -> throw new IllegalArgumentException("no section");
            };
        }

        long subject(TermChanges.Term t) {
            return t.after == Section.SHARED ? t.newLocal : newShared + t.newLocal;
        }

        long object(TermChanges.Term t) {
            return t.after == Section.SHARED ? t.newLocal : newShared + t.newLocal;
        }

        boolean movedSubject(long old) {
            return movedSubjects.length > 0 && Arrays.binarySearch(movedSubjects, old) >= 0;
        }

        /** A subject that stayed in its section. */
        long subject(long old) {
            return old <= shared ? sharedShift.map(old) : newShared + subjectShift.map(old - shared);
        }

        long predicate(long old) {
            return predicateShift.map(old);
        }

        long object(long old) {
            if (movedObjects.length > 0) {
                int i = Arrays.binarySearch(movedObjects, old);
                if (i >= 0) {
                    return movedObjectIds[i];
                }
            }
            return old <= shared ? sharedShift.map(old) : newShared + objectShift.map(old - shared);
        }
    }

    /** The base's triples in their order, renumbered, less the deleted ones and those of moved subjects. */
    private final class BaseTriples extends IteratorSlotted<TripleID> {
        private final Ids ids;
        private final TripleID[] gone;
        private final IteratorTripleID all = base.getTriples().searchAll();
        private final long total = Math.max(1, base.getTriples().getNumberOfElements());
        private int nextGone;
        private long lastSubject = -1;
        private boolean moved;
        private long subject;
        private long read;

        BaseTriples(Ids ids, TripleID[] gone) {
            this.ids = ids;
            this.gone = gone;
        }

        @Override
        protected boolean hasMore() {
            return true;
        }

        /** The next triple kept, or null at the end. */
        @Override
        protected TripleID moveToNext() {
            while (all.hasNext()) {
                TripleID t = all.next();
                if ((++read & 0xFFFFF) == 0) {
                    progress.notifyProgress(100f * read / total, String.format(Locale.ROOT,
                            "merging: %,d of the base's %,d triples read", read, total));
                }
                long s = t.getSubject();
                long p = t.getPredicate();
                long o = t.getObject();
                if (s != lastSubject) {
                    lastSubject = s;
                    moved = ids.movedSubject(s);
                    subject = moved ? 0 : ids.subject(s);
                }
                if (moved) {
                    continue;
                }
                // Both in SPO order: the deleted ones are passed by as the base's go by.
                while (nextGone < gone.length && gone[nextGone].compareTo(t) < 0) {
                    nextGone++;
                }
                if (nextGone < gone.length && gone[nextGone].compareTo(t) == 0) {
                    nextGone++;
                    continue;
                }
                return new TripleID(subject, ids.predicate(p), ids.object(o));
            }
            return null;
        }
    }

    /** The base's triples of the subjects that moved between sections, in their new order, less the deleted ones. */
    private final class MovedSubjects extends IteratorSlotted<TripleID> {
        private final Ids ids;
        private final Set<TripleID> gone;
        private final long[][] subjects;
        private int nextSubject;
        private long subject;
        private IteratorTripleID current;

        MovedSubjects(Ids ids, Set<TripleID> gone) {
            this.ids = ids;
            this.gone = gone;
            this.subjects = ids.movedSubjectsByNewId;
        }

        @Override
        protected boolean hasMore() {
            return true;
        }

        /** The next triple kept, or null at the end. */
        @Override
        protected TripleID moveToNext() {
            while (true) {
                if (current != null && current.hasNext()) {
                    TripleID t = current.next();
                    if (!gone.contains(t)) {
                        return new TripleID(subject, ids.predicate(t.getPredicate()), ids.object(t.getObject()));
                    }
                } else if (nextSubject < subjects.length) {
                    long[] s = subjects[nextSubject++];
                    subject = s[1];
                    current = base.getTriples().search(new TripleID(s[0], 0, 0));
                } else {
                    return null;
                }
            }
        }
    }
}
