package dev.ldf.server.live.log;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.zip.CRC32C;

/** A record's body written at a position of the channel, counted and checksummed on the way. */
final class LogRecordStream extends OutputStream {
    private final FileChannel channel;
    private final ByteBuffer buffer = ByteBuffer.allocate(64 * 1024);
    private final CRC32C crc = new CRC32C();
    private long position;
    private long length;

    LogRecordStream(FileChannel channel, long position) {
        this.channel = channel;
        this.position = position;
    }

    @Override
    public void write(int b) throws IOException {
        if (!buffer.hasRemaining()) {
            flush();
        }
        buffer.put((byte) b);
    }

    @Override
    public void write(byte[] bytes, int offset, int count) throws IOException {
        while (count > 0) {
            if (!buffer.hasRemaining()) {
                flush();
            }
            int n = Math.min(count, buffer.remaining());
            buffer.put(bytes, offset, n);
            offset += n;
            count -= n;
        }
    }

    @Override
    public void flush() throws IOException {
        buffer.flip();
        crc.update(buffer.array(), 0, buffer.limit());
        length += buffer.limit();
        if (length > LogScan.MAX_RECORD_BYTES) {
            throw new IllegalArgumentException("A patch of more than " + LogScan.MAX_RECORD_BYTES
                    + " bytes is too large for the log");
        }
        while (buffer.hasRemaining()) {
            position += channel.write(buffer, position);
        }
        buffer.clear();
    }

    long length() {
        return length;
    }

    int checksum() {
        return (int) crc.getValue();
    }
}
