package dev.ldf.experiments.run;

import java.util.Arrays;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertTrue;

class ProcessMemoryTest {

    /** This JVM's heap is anonymous memory: it shows in both figures, the anonymous one within the whole. */
    @Test
    void theAnonymousPartIsWithinTheResidentSize() {
        ProcessMemory memory = ProcessMemory.sample(ProcessHandle.current());
        byte[] touched = new byte[16 << 20];
        Arrays.fill(touched, (byte) 1);
        memory.close();
        assertTrue(touched[touched.length - 1] == 1);
        assertTrue(memory.peakAnonymousBytes() > 16 << 20, () -> "anonymous " + memory.peakAnonymousBytes());
        assertTrue(memory.peakAnonymousBytes() <= memory.peakBytes(),
                () -> memory.peakAnonymousBytes() + " of " + memory.peakBytes());
    }
}
