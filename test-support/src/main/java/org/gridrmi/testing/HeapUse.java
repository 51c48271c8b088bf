package org.gridrmi.testing;

import java.lang.management.ManagementFactory;

/**
 * The heap this JVM uses, for tests that bound what a structure costs per element: the used heap after full
 * collections, measured with the elements minus the same without them, divided by their number.
 */
public final class HeapUse {
  private HeapUse() {}

  /** Bytes of heap in use after three full collections (one may leave garbage another finds). */
  public static long afterGc() {
    for (int i = 0; i < 3; i++) System.gc();
    return ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
  }
}
