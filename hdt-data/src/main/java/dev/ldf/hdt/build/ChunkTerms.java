package dev.ldf.hdt.build;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.util.Arrays;

/**
 * One chunk of the input: its distinct terms (UTF-8, as HDT spells them) in a byte arena, the roles
 * each played, and its triples as indexes of those terms. Filled by one thread, then handed whole
 * to another to be sorted and written; its arrays are allocated once and reused.
 */
final class ChunkTerms {

    static final int SUBJECT = 1;
    static final int PREDICATE = 2;
    static final int OBJECT = 4;

    private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

    private final byte[] arena;
    private int arenaUsed;
    /** Where each term is in the arena: its start in the high half, its length in the low one. */
    private final long[] spans;
    private final byte[] roles;
    private int terms;
    /**
     * Open addressing: a term's hash in the high half and its index + 1 in the low one (0 for a free
     * slot), so that most probes are decided without touching the term.
     */
    private final long[] table;
    private final int mask;
    private final int[] triples;
    private int tripleCount;

    ChunkTerms(int arenaBytes, int maxTriples) {
        this.arena = new byte[arenaBytes];
        int maxTerms = 3 * maxTriples;
        this.spans = new long[maxTerms];
        this.roles = new byte[maxTerms];
        int size = tableSize(maxTerms);
        this.table = new long[size];
        this.mask = size - 1;
        this.triples = new int[3 * maxTriples];
    }

    /** Bytes of heap a chunk of these dimensions takes. */
    static long footprint(int arenaBytes, int maxTriples) {
        long maxTerms = 3L * maxTriples;
        long tableSize = tableSize((int) maxTerms);
        return arenaBytes + maxTerms * (8 + 1) + tableSize * 8 + 3L * maxTriples * 4;
    }

    /** Slots for {@code maxTerms} terms: a power of two, at most three quarters full even when every term is new. */
    private static int tableSize(int maxTerms) {
        return Integer.highestOneBit(Math.max(2, maxTerms + maxTerms / 3) - 1) << 1;
    }

    /** Whether a triple whose three terms take {@code bytes} still fits. */
    boolean fits(int bytes) {
        return tripleCount < triples.length / 3 && arena.length - arenaUsed >= bytes;
    }

    boolean isEmpty() {
        return tripleCount == 0;
    }

    /** Adds a triple whose terms {@link #fits} said have room. */
    void add(byte[] sb, int so, int sl, byte[] pb, int po, int pl, byte[] ob, int oo, int ol) {
        int s = term(sb, so, sl, SUBJECT);
        int p = term(pb, po, pl, PREDICATE);
        int o = term(ob, oo, ol, OBJECT);
        int at = 3 * tripleCount++;
        triples[at] = s;
        triples[at + 1] = p;
        triples[at + 2] = o;
    }

    private int term(byte[] b, int off, int len, int role) {
        int h = hash(b, off, len);
        int slot = h & mask;
        while (true) {
            long entry = table[slot];
            if (entry == 0) {
                int index = terms++;
                System.arraycopy(b, off, arena, arenaUsed, len);
                spans[index] = (long) arenaUsed << 32 | len;
                roles[index] = (byte) role;
                arenaUsed += len;
                table[slot] = (long) h << 32 | (index + 1);
                return index;
            }
            if ((int) (entry >>> 32) == h) {
                int index = (int) entry - 1;
                long span = spans[index];
                int start = (int) (span >>> 32);
                if ((int) span == len && Arrays.equals(arena, start, start + len, b, off, off + len)) {
                    roles[index] |= (byte) role;
                    return index;
                }
            }
            slot = (slot + 1) & mask;
        }
    }

    static int hash(byte[] b, int off, int len) {
        long h = 0x9E3779B97F4A7C15L ^ len;
        int i = 0;
        for (; i + 8 <= len; i += 8) {
            h = (h ^ (long) LONGS.get(b, off + i)) * 0xFF51AFD7ED558CCDL;
            h ^= h >>> 29;
        }
        for (; i < len; i++) {
            h = (h ^ b[off + i]) * 0x100000001B3L;
        }
        h *= 0xC4CEB9FE1A85EC53L;
        return (int) (h ^ (h >>> 32));
    }

    int terms() {
        return terms;
    }

    int triples() {
        return tripleCount;
    }

    int triple(int i, int component) {
        return triples[3 * i + component];
    }

    byte[] arena() {
        return arena;
    }

    int start(int term) {
        return (int) (spans[term] >>> 32);
    }

    int length(int term) {
        return (int) spans[term];
    }

    int role(int term) {
        return roles[term];
    }

    /** The chunk's terms in byte order, as indexes. */
    int[] sortedTerms() {
        int[] order = new int[terms];
        for (int i = 0; i < terms; i++) {
            order[i] = i;
        }
        IntOrder.sort(order, 0, terms, (x, y) -> {
            long a = spans[x];
            long b = spans[y];
            int aStart = (int) (a >>> 32);
            int bStart = (int) (b >>> 32);
            return Arrays.compareUnsigned(arena, aStart, aStart + (int) a, arena, bStart, bStart + (int) b);
        });
        return order;
    }

    /** Empties the chunk for reuse. */
    void clear() {
        Arrays.fill(table, 0);
        terms = 0;
        arenaUsed = 0;
        tripleCount = 0;
    }
}
