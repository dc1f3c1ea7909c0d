package dev.ldf.hdt.convert;

import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;

/**
 * Reads a stream on its own thread (where gzip decompression happens) into blocks of whole lines,
 * so that the thread that parses them does not wait on decompression. Blocks are handed back with
 * {@link #recycle} and reused.
 */
final class LineBlocks implements AutoCloseable {

    /** Bytes {@code [0, length)} of {@code bytes}: whole lines, except the last block of a stream without a final line feed. */
    record Block(byte[] bytes, int length) {
    }

    private static final Object END = new Object();

    private final InputStream in;
    private final int blockSize;
    private final BlockingQueue<Object> full = new ArrayBlockingQueue<>(4);
    private final BlockingQueue<byte[]> free = new ArrayBlockingQueue<>(4);
    private final Thread reader;
    private boolean ended;

    LineBlocks(InputStream in, int blockSize, String name) {
        this.in = in;
        this.blockSize = blockSize;
        this.reader = new Thread(this::readAll, "ldf-hdt-read " + name);
        this.reader.setDaemon(true);
        this.reader.start();
    }

    private void readAll() {
        try {
            byte[] carry = new byte[0];
            int carried = 0;
            while (true) {
                byte[] buffer = free.poll();
                if (buffer == null || buffer.length < Math.max(blockSize, carried * 2)) {
                    buffer = new byte[Math.max(blockSize, carried * 2)];
                }
                System.arraycopy(carry, 0, buffer, 0, carried);
                int length = carried;
                boolean eof = false;
                while (length < buffer.length) {
                    int n = in.read(buffer, length, buffer.length - length);
                    if (n < 0) {
                        eof = true;
                        break;
                    }
                    length += n;
                }
                if (eof) {
                    if (length > 0) {
                        full.put(new Block(buffer, length));
                    }
                    full.put(END);
                    return;
                }
                int lastFeed = length - 1;
                while (lastFeed >= 0 && buffer[lastFeed] != '\n') {
                    lastFeed--;
                }
                if (lastFeed < 0) {
                    // One line longer than a block: read on into a larger one.
                    carry = buffer;
                    carried = length;
                    continue;
                }
                carried = length - lastFeed - 1;
                if (carry.length < carried) {
                    carry = new byte[Math.max(carried, 1 << 16)];
                }
                System.arraycopy(buffer, lastFeed + 1, carry, 0, carried);
                full.put(new Block(buffer, lastFeed + 1));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (IOException | RuntimeException | Error e) {
            // Whatever ends this thread is the reader's to know, or it would wait for ever.
            try {
                full.put(e);
            } catch (InterruptedException ignored) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** The next block, or null at the end of the stream. */
    Block take() throws IOException {
        if (ended) {
            return null;
        }
        Object next;
        try {
            next = full.take();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while reading");
        }
        if (next == END) {
            ended = true;
            return null;
        }
        if (next instanceof IOException e) {
            ended = true;
            throw e;
        }
        if (next instanceof RuntimeException e) {
            ended = true;
            throw e;
        }
        if (next instanceof Error e) {
            ended = true;
            throw e;
        }
        return (Block) next;
    }

    void recycle(Block block) {
        free.offer(block.bytes());
    }

    @Override
    public void close() {
        reader.interrupt();
    }
}
