package dev.ldf.hdt.mapped;

import java.io.Closeable;
import java.io.File;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.util.Arrays;

import org.rdfhdt.hdt.compact.integer.VByte;
import org.rdfhdt.hdt.compact.sequence.Sequence;
import org.rdfhdt.hdt.compact.sequence.SequenceFactory;
import org.rdfhdt.hdt.exceptions.CRCException;
import org.rdfhdt.hdt.exceptions.IllegalFormatException;
import org.rdfhdt.hdt.util.crc.CRC8;
import org.rdfhdt.hdt.util.crc.CRCInputStream;
import org.rdfhdt.hdt.util.io.CountInputStream;
import org.rdfhdt.hdt.util.io.IOUtil;

/**
 * One plain-front-coded section of an HDT dictionary, read in place from the mapped file.
 *
 * <p>The section's strings are sorted and cut into blocks: a block's first string is written
 * whole, every next one as the length it shares with the one before (a VByte) and the rest, each
 * 0-terminated; a sequence gives each block's byte offset. hdt-java's own mapped section reads
 * that byte by byte through a wrapper that finds the buffer for every byte, and appends to a
 * growable string per byte: decoding a term took six times as long as from a loaded file. Here a
 * block is read from one {@link ByteBuffer} (the mapping is cut at block boundaries), terminators
 * are found eight bytes at a time and the bytes are copied in bulk. Thread-safe.
 */
final class MappedPfcSection implements Closeable {
    /** hdt-java's type byte for a plain-front-coded section. */
    static final int TYPE_PFC = 2;
    /** How much of the section one mapping covers, at most (a block larger than this gets its own). */
    static final long CHUNK_BYTES = 1L << 30;
    private static final long ONES = 0x0101010101010101L;
    private static final long HIGHS = 0x8080808080808080L;

    private final long strings;
    private final int blockSize;
    /** Byte offset of every block in the data, then the data's length. */
    private final Sequence blocks;
    private final ByteBuffer[] chunks;
    /** The first block of every chunk, ascending. */
    private final long[] chunkFirstBlock;
    /** The data offset at which every chunk begins. */
    private final long[] chunkBase;

    private MappedPfcSection(long strings, int blockSize, Sequence blocks, ByteBuffer[] chunks,
            long[] chunkFirstBlock, long[] chunkBase) {
        this.strings = strings;
        this.blockSize = blockSize;
        this.blocks = blocks;
        this.chunks = chunks;
        this.chunkFirstBlock = chunkFirstBlock;
        this.chunkBase = chunkBase;
    }

    /**
     * Reads the section that begins at {@code in}'s position in {@code file} and maps its data,
     * leaving {@code in} after the section; one mapping covers up to {@code chunkBytes}.
     */
    static MappedPfcSection read(CountInputStream in, File file, FileChannel channel, long chunkBytes)
            throws IOException {
        CRCInputStream crc = new CRCInputStream(in, new CRC8());
        int type = crc.read();
        if (type != TYPE_PFC) {
            throw new IllegalFormatException("not a plain-front-coded dictionary section (type " + type + ")");
        }
        long strings = VByte.decode(crc);
        long dataSize = VByte.decode(crc);
        long blockSize = VByte.decode(crc);
        if (!crc.readCRCAndCheck()) {
            throw new CRCException("CRC error in a dictionary section's header");
        }
        if (blockSize < 1 || blockSize > Integer.MAX_VALUE || strings < 0 || dataSize < 0) {
            throw new IllegalFormatException("a dictionary section with " + strings + " strings in blocks of "
                    + blockSize + " and " + dataSize + " bytes");
        }
        Sequence blocks = SequenceFactory.createStream(in, file);
        long dataStart = in.getTotalBytes();
        IOUtil.skip(in, dataSize + 4); // the data and its CRC32
        long blockCount = Math.max(0, blocks.getNumberOfElements() - 1);
        long[] firsts = new long[4];
        long[] bases = new long[4];
        ByteBuffer[] chunks = new ByteBuffer[4];
        int count = 0;
        for (long first = 0; first < blockCount; count++) {
            long base = blocks.get(first);
            long next = lastBlockStartingBefore(blocks, first, blockCount, base + chunkBytes);
            long end = next == blockCount ? dataSize : blocks.get(next);
            if (end - base > Integer.MAX_VALUE) {
                throw new IllegalFormatException("a dictionary block of " + (end - base) + " bytes");
            }
            if (count == chunks.length) {
                chunks = Arrays.copyOf(chunks, count * 2);
                firsts = Arrays.copyOf(firsts, count * 2);
                bases = Arrays.copyOf(bases, count * 2);
            }
            chunks[count] = channel.map(FileChannel.MapMode.READ_ONLY, dataStart + base, end - base)
                    .order(ByteOrder.LITTLE_ENDIAN);
            firsts[count] = first;
            bases[count] = base;
            first = next;
        }
        return new MappedPfcSection(strings, (int) blockSize, blocks, Arrays.copyOf(chunks, count),
                Arrays.copyOf(firsts, count), Arrays.copyOf(bases, count));
    }

    /**
     * The first block after {@code first} that begins at or beyond {@code limit}, or
     * {@code blockCount}: a chunk holds at least one block.
     */
    private static long lastBlockStartingBefore(Sequence blocks, long first, long blockCount, long limit) {
        long low = first + 1;
        long high = blockCount;
        while (low < high) {
            long mid = (low + high) >>> 1;
            if (blocks.get(mid) < limit) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    long size() {
        return strings;
    }

    /**
     * Decodes the string with {@code id} (1-based) into {@code cursor}, going on from where the
     * cursor stands when the id is further in the same block (ids that ascend, as subjects do in a
     * dump, cost one string each), else from the block's start.
     *
     * @return false when the section has no such string
     */
    boolean decode(long id, Cursor cursor) {
        if (id < 1 || id > strings) {
            return false;
        }
        long block = (id - 1) / blockSize;
        int index = (int) ((id - 1) % blockSize);
        if (cursor.block != block || cursor.index > index) {
            cursor.enter(this, block);
        }
        while (cursor.index < index) {
            cursor.step();
        }
        return true;
    }

    /** The id (1-based) of {@code term}'s UTF-8 bytes, or 0 when the section does not hold it. */
    long locate(byte[] term, Cursor cursor) {
        long blockCount = Math.max(0, blocks.getNumberOfElements() - 1);
        long low = 0;
        long high = blockCount - 1;
        while (low <= high) {
            long mid = (low + high) >>> 1;
            int chunk = chunkOf(mid);
            int cmp = compare(term, chunks[chunk], (int) (blocks.get(mid) - chunkBase[chunk]));
            if (cmp == 0) {
                return mid * blockSize + 1;
            } else if (cmp < 0) {
                high = mid - 1;
            } else {
                low = mid + 1;
            }
        }
        long block = low - 1; // the last block whose first string is smaller than the term
        if (block < 0) {
            return 0;
        }
        cursor.enter(this, block);
        int inBlock = (int) Math.min(blockSize, strings - block * blockSize);
        while (cursor.index + 1 < inBlock) {
            cursor.step();
            int cmp = cursor.compareTo(term);
            if (cmp == 0) {
                return block * blockSize + cursor.index + 1;
            }
            if (cmp > 0) {
                return 0;
            }
        }
        return 0;
    }

    private int chunkOf(long block) {
        int found = Arrays.binarySearch(chunkFirstBlock, block);
        return found >= 0 ? found : -found - 2;
    }

    /** {@code term} against the 0-terminated string at {@code pos}: unsigned bytes, a prefix first. */
    private static int compare(byte[] term, ByteBuffer data, int pos) {
        for (int i = 0; ; i++) {
            int b = data.get(pos + i) & 0xFF;
            if (i == term.length) {
                return b == 0 ? 0 : -1;
            }
            int a = term[i] & 0xFF;
            if (a != b) {
                return b == 0 ? 1 : a - b;
            }
        }
    }

    /** The position of the 0 that ends the string at {@code pos}, eight bytes at a time. */
    private static int terminator(ByteBuffer data, int pos) {
        int limit = data.limit() - 8;
        while (pos <= limit) {
            long word = data.getLong(pos);
            long zeros = (word - ONES) & ~word & HIGHS;
            if (zeros != 0) {
                return pos + (Long.numberOfTrailingZeros(zeros) >>> 3);
            }
            pos += 8;
        }
        while (data.get(pos) != 0) {
            pos++;
        }
        return pos;
    }

    /** Unmaps the section at once (not when the collector gets to it): no read may follow. */
    @Override
    public void close() throws IOException {
        for (ByteBuffer chunk : chunks) {
            IOUtil.cleanBuffer(chunk);
        }
        blocks.close();
    }

    /**
     * Where one reader stands in a section: the string last decoded, its block and its end. One
     * per section and thread; not thread-safe.
     */
    static final class Cursor {
        private byte[] bytes = new byte[256];
        private int length;
        private long block = -1;
        private int index;
        private ByteBuffer data;
        private int pos;

        /** The bytes of the string last decoded: valid up to {@link #length()}, until the next decode. */
        byte[] bytes() {
            return bytes;
        }

        int length() {
            return length;
        }

        /** Stands on the first string of {@code block}. */
        private void enter(MappedPfcSection section, long block) {
            int chunk = section.chunkOf(block);
            data = section.chunks[chunk];
            int start = (int) (section.blocks.get(block) - section.chunkBase[chunk]);
            int end = terminator(data, start);
            length = 0;
            append(start, end - start);
            pos = end + 1;
            this.block = block;
            index = 0;
        }

        /** Decodes the next string of the block: the length it shares with this one, then the rest. */
        private void step() {
            long shared = 0;
            int shift = 0;
            int b;
            while (((b = data.get(pos++)) & 0x80) == 0) {
                shared |= (long) (b & 0x7F) << shift;
                shift += 7;
            }
            shared |= (long) (b & 0x7F) << shift;
            int end = terminator(data, pos);
            length = (int) shared;
            append(pos, end - pos);
            pos = end + 1;
            index++;
        }

        private void append(int from, int count) {
            if (length + count > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(bytes.length * 2, length + count));
            }
            data.get(from, bytes, length, count);
            length += count;
        }

        private int compareTo(byte[] term) {
            return Arrays.compareUnsigned(bytes, 0, length, term, 0, term.length);
        }
    }
}
