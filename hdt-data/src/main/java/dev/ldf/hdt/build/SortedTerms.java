package dev.ldf.hdt.build;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;

import org.rdfhdt.hdt.util.string.CompactString;

/**
 * A file of terms in strictly increasing byte order, each stored as the length of the prefix it
 * shares with the one before and the rest (front coding, as HDT's own sections do), optionally with
 * a role byte.
 */
final class SortedTerms {

    private SortedTerms() {
    }

    /** Writes terms that arrive in increasing order. */
    static final class Writer implements AutoCloseable {
        private final RunOutput out;
        private final boolean withRoles;
        private byte[] previous = new byte[256];
        private int previousLength;
        private long count;

        Writer(Path file, boolean withRoles) throws IOException {
            this.out = new RunOutput(file);
            this.withRoles = withRoles;
        }

        void add(byte[] b, int off, int len, int role) throws IOException {
            int shared = Arrays.mismatch(previous, 0, previousLength, b, off, off + len);
            if (shared < 0) {
                shared = len;
            }
            out.writeVarLong(shared);
            out.writeVarLong(len - shared);
            if (withRoles) {
                out.writeByte(role);
            }
            out.write(b, off + shared, len - shared);
            if (previous.length < len) {
                previous = Arrays.copyOf(previous, Math.max(len, 2 * previous.length));
            }
            System.arraycopy(b, off + shared, previous, shared, len - shared);
            previousLength = len;
            count++;
        }

        long count() {
            return count;
        }

        @Override
        public void close() throws IOException {
            out.close();
        }
    }

    /** Reads a file back term by term; {@link #term()} is valid until the next {@link #next()}. */
    static final class Reader implements AutoCloseable {
        private final RunInput in;
        private final boolean withRoles;
        private long remaining;
        private byte[] term = new byte[256];
        private int length;
        private int role;

        Reader(Path file, boolean withRoles, long count) throws IOException {
            this.in = new RunInput(file);
            this.withRoles = withRoles;
            this.remaining = count;
        }

        /** Moves to the next term; false at the end. */
        boolean next() throws IOException {
            if (remaining == 0) {
                return false;
            }
            remaining--;
            int shared = (int) in.readVarLong();
            int rest = (int) in.readVarLong();
            role = withRoles ? in.readByte() : 0;
            int len = shared + rest;
            if (term.length < len) {
                term = Arrays.copyOf(term, Math.max(len, 2 * term.length));
            }
            in.readFully(term, shared, rest);
            length = len;
            return true;
        }

        byte[] term() {
            return term;
        }

        int length() {
            return length;
        }

        int role() {
            return role;
        }

        @Override
        public void close() throws IOException {
            in.close();
        }
    }

    /** The terms of a file without roles as hdt-java's section writer takes them. */
    static Iterator<CompactString> strings(Reader reader) {
        return new Iterator<>() {
            private boolean ready;
            private boolean more = true;

            @Override
            public boolean hasNext() {
                if (!ready && more) {
                    try {
                        more = reader.next();
                    } catch (IOException e) {
                        throw new UncheckedIOException(e);
                    }
                    ready = true;
                }
                return more;
            }

            @Override
            public CompactString next() {
                if (!hasNext()) {
                    throw new NoSuchElementException();
                }
                ready = false;
                return new CompactString(Arrays.copyOf(reader.term(), reader.length()));
            }
        };
    }
}
