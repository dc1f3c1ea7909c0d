package dev.ldf.server.preemption;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

import dev.ldf.server.preemption.InvalidTokenException.Reason;

/**
 * A suspended plan as bytes: only small integers (positions of scans, indexes, flags), never
 * terms or expressions. The query is parsed again on every resume and the plan rebuilt from it,
 * so a saved plan can only say where a scan of the server's own plan stands.
 */
final class PlanState {

    private PlanState() {}

    /** Collects a plan's state. */
    static final class Writer {
        private final ByteArrayOutputStream out = new ByteArrayOutputStream(64);

        void write(long value) {
            VarInts.write(out, value);
        }

        byte[] bytes() {
            return out.toByteArray();
        }
    }

    /** Reads a plan's state back; any value out of place is an invalid token. */
    static final class Reader {
        private final ByteBuffer in;

        Reader(byte[] state) {
            this.in = ByteBuffer.wrap(state);
        }

        long read() throws InvalidTokenException {
            try {
                return VarInts.read(in);
            } catch (BufferUnderflowException | IllegalArgumentException e) {
                throw invalid();
            }
        }

        /** A value that must lie in [0, limit]. */
        int read(int limit) throws InvalidTokenException {
            long value = read();
            if (value > limit) {
                throw invalid();
            }
            return (int) value;
        }

        void end() throws InvalidTokenException {
            if (in.hasRemaining()) {
                throw invalid();
            }
        }

        static InvalidTokenException invalid() {
            return new InvalidTokenException(Reason.MALFORMED, "The continuation token does not fit this query's plan");
        }
    }
}
