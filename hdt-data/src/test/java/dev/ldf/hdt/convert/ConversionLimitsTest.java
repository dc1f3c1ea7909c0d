package dev.ldf.hdt.convert;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Which failures are limits a publisher can change. A full disk cannot be made here without
 * mounting a small file system, so the classification of the operating system's own message is
 * what is checked; the heap is checked for real in the command's test.
 */
class ConversionLimitsTest {

    @Test
    void aFullDiskNamesTheWorkDirectoryAndWhatToDo() {
        Path work = Path.of("/data/big.hdt.work123");
        ConversionLimits limit = ConversionLimits.of(new UncheckedIOException(new IOException("No space left on device")),
                HdtLoader.DISK, work);
        assertTrue(limit.getMessage().startsWith("the disk is full under " + work) && limit.getMessage().contains("-o"),
                limit.getMessage());
    }

    @Test
    void otherFailuresAreNotLimits() {
        assertNull(ConversionLimits.of(new IOException("Permission denied"), HdtLoader.DISK, Path.of("/tmp")));
        assertNull(ConversionLimits.of(new IllegalArgumentException("Cannot parse x"), HdtLoader.MEMORY, Path.of("/tmp")));
    }
}
