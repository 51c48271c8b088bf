package org.gridrmi.lookup.internal;

import java.lang.management.ManagementFactory;
import java.lang.management.OperatingSystemMXBean;

/** Reads this machine's cores, free memory and load, quantized so that refreshes only publish real changes. */
final class LoadProbe {
  private static final long MIB = 1024L * 1024L;

  private LoadProbe() {}

  static int cores() {
    return Runtime.getRuntime().availableProcessors();
  }

  /** Free physical memory in bytes, rounded down to whole MiB; the JVM's free heap if the OS value is unavailable. */
  static long freeMemory() {
    OperatingSystemMXBean os = ManagementFactory.getOperatingSystemMXBean();
    long bytes = os instanceof com.sun.management.OperatingSystemMXBean sun
        ? sun.getFreeMemorySize()
        : Runtime.getRuntime().freeMemory();
    return bytes / MIB * MIB;
  }

  /** One-minute load average rounded to 2 decimals, null where the platform has none. */
  static Double load() {
    double load = ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage();
    return load < 0 ? null : Math.round(load * 100) / 100.0;
  }
}
