package dev.ldf.server.config;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

import com.sun.management.UnixOperatingSystemMXBean;

/** The process's limit on open files, which bounds the connections it can hold. */
public final class FileDescriptors {

    private FileDescriptors() {}

    /** The most files the process may have open (the soft limit), or -1 where the JVM cannot tell. */
    public static long limit() {
        OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
        return os instanceof UnixOperatingSystemMXBean unix ? unix.getMaxFileDescriptorCount() : -1;
    }
}
