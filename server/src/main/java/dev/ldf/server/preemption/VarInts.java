package dev.ldf.server.preemption;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * Unsigned LEB128 integers, seven bits per byte: term ids, offsets and counts in a saved plan are
 * mostly small, so they take one to three bytes instead of eight.
 */
final class VarInts {

    private VarInts() {}

    /** Writes {@code value} (0 or more). */
    static void write(ByteArrayOutputStream out, long value) {
        if (value < 0) {
            throw new IllegalArgumentException("Negative value " + value);
        }
        while ((value & ~0x7FL) != 0) {
            out.write((int) ((value & 0x7F) | 0x80));
            value >>>= 7;
        }
        out.write((int) value);
    }

    /**
     * Reads a value written by {@link #write}.
     *
     * @throws IllegalArgumentException when it runs over 63 bits
     * @throws java.nio.BufferUnderflowException when the bytes end inside it
     */
    static long read(ByteBuffer in) {
        long value = 0;
        for (int shift = 0; shift < 63; shift += 7) {
            byte b = in.get();
            value |= (long) (b & 0x7F) << shift;
            if ((b & 0x80) == 0) {
                return value;
            }
        }
        throw new IllegalArgumentException("Integer longer than 63 bits");
    }
}
