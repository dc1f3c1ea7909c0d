package dev.ldf.hdt.build;

import java.util.Arrays;
import java.util.Comparator;
import java.util.Iterator;
import java.util.List;

import org.apache.jena.atlas.iterator.IteratorSlotted;
import org.rdfhdt.hdt.util.string.ByteString;
import org.rdfhdt.hdt.util.string.CompactString;

/**
 * One dictionary section of a merge: the old section's terms in their order, less those leaving,
 * with the arriving ones merged in by the order HDT sorts terms in (unsigned UTF-8 bytes). As the
 * terms stream into the section's writer, each arriving term learns its new ID and where it falls
 * among the old ones; after that, {@link #shift()} maps every old ID that stayed.
 */
final class SectionMerge {

    private final long oldCount;
    private final long[] leaving;
    private final List<? extends TermChanges.Entry> arriving;
    private final long[] arrivingAfter;

    SectionMerge(long oldCount, long[] leaving, List<? extends TermChanges.Entry> arriving) {
        this.oldCount = oldCount;
        this.leaving = leaving.clone();
        Arrays.sort(this.leaving);
        this.arriving = arriving.stream().sorted(Comparator.comparing((TermChanges.Entry t) -> t.text, SectionMerge::compare))
                .toList();
        this.arrivingAfter = new long[arriving.size()];
    }

    /** How many terms the section holds after the merge. */
    long count() {
        return oldCount - leaving.length + arriving.size();
    }

    /** The section after the merge, from the old section's terms in order; to be read once, to its end. */
    Iterator<CharSequence> terms(Iterator<? extends CharSequence> old) {
        return new IteratorSlotted<>() {
            private ByteString oldHead;
            /** Old terms taken so far, the head among them. */
            private long oldTaken;
            private int nextLeaving;
            private int nextArriving;
            private long emitted;

            @Override
            protected boolean hasMore() {
                return true;
            }

            /** The next term of the merged section, or null at its end. */
            @Override
            protected CharSequence moveToNext() {
                while (true) {
                    if (oldHead == null && old.hasNext()) {
                        oldHead = copy(old.next());
                        oldTaken++;
                    }
                    if (nextArriving < arriving.size()
                            && (oldHead == null || compare(arriving.get(nextArriving).text, oldHead) < 0)) {
                        TermChanges.Entry term = arriving.get(nextArriving);
                        arrivingAfter[nextArriving++] = oldHead == null ? oldTaken : oldTaken - 1;
                        term.newLocal = ++emitted;
                        return term.text;
                    }
                    if (oldHead == null) {
                        return null;
                    }
                    ByteString head = oldHead;
                    oldHead = null;
                    if (nextLeaving < leaving.length && leaving[nextLeaving] == oldTaken) {
                        nextLeaving++;
                        continue;
                    }
                    emitted++;
                    return head;
                }
            }
        };
    }

    /** The new IDs of the old terms that stayed; valid once {@link #terms} has been read to its end. */
    IdShift shift() {
        return new IdShift(leaving, arrivingAfter, oldCount);
    }

    private static ByteString copy(CharSequence term) {
        ByteString bytes = ByteString.of(term);
        // An in-memory section's iterator may hand out one buffer again and again.
        return bytes instanceof CompactString ? bytes : new CompactString(bytes);
    }

    static int compare(ByteString a, ByteString b) {
        return Arrays.compareUnsigned(a.getBuffer(), 0, a.length(), b.getBuffer(), 0, b.length());
    }
}
