package dev.ldf.hdt.convert;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

import dev.ldf.cli.Causes;

/**
 * A conversion that ran out of heap or disk, told as what to change: which loader ran with how much
 * heap, and the setting that gives it more, instead of an {@link OutOfMemoryError}'s trace.
 */
public final class ConversionLimits extends IOException {

    private static final long serialVersionUID = 1L;

    private ConversionLimits(String message, Throwable cause) {
        super(message, cause);
    }

    /**
     * The failure {@code e} as a limit that was hit, or null when it is something else: the heap
     * ran out (anywhere in its causes), or the disk filled up under {@code work}.
     */
    static ConversionLimits of(Throwable e, HdtLoader loader, Path work) {
        Throwable limit = Causes.find(e, t -> t instanceof OutOfMemoryError
                || t instanceof IOException && String.valueOf(t.getMessage()).contains("No space left on device")).orElse(null);
        if (limit == null) {
            return null;
        }
        return limit instanceof OutOfMemoryError ? outOfHeap(loader, e)
                : new ConversionLimits("the disk is full under " + work + ": the " + loader + " loader sorts in "
                        + "chunks there and needs free space of about " + (loader == HdtLoader.BOUNDED
                                ? "three times the gzipped input" : "twice the uncompressed input")
                        + "; free some, or write the output (-o) to a disk with more room", e);
    }

    private static ConversionLimits outOfHeap(HdtLoader loader, Throwable e) {
        long heapMb = Runtime.getRuntime().maxMemory() >> 20;
        String advice = switch (loader) {
            case MEMORY -> "the MEMORY loader keeps the whole dataset on the heap: convert with the default loader, "
                    + "BOUNDED, which sorts in chunks on disk, or give Java more heap (java -Xmx8g -jar ldf-hdt.jar convert …)";
            case BOUNDED -> "the BOUNDED loader's chunks are a fifth of the heap each, and no triple may be larger than "
                    + "one: give Java more heap (java -Xmx2g -jar ldf-hdt.jar convert …)";
            case DISK -> "give Java more heap (java -Xmx4g -jar ldf-hdt.jar convert …); the DISK loader's chunks grow with it";
        };
        return new ConversionLimits(String.format(Locale.ROOT, "out of memory with a heap of %,d MB: %s", heapMb, advice), e);
    }
}
