package org.gridrmi.cli;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryUsage;
import java.util.Locale;

/**
 * The line a server prints at start about its heap: how much it holds from the start, whether the JVM writes its heap
 * once as it commits it ({@code -XX:+AlwaysPreTouch}), and how far it may grow. Why it matters: a value that arrives
 * into pages the JVM writes for the first time can land slower than the network brought it (docs/operations.md, "A
 * server's memory"), so an operator reading why transfers are slow, or why an idle server holds hundreds of MB, finds
 * the answer in the server's own log.
 */
final class ServerHeap {
  private ServerHeap() {}

  /** This JVM's heap, described. */
  static String describe() {
    MemoryUsage heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage();
    boolean touched = "true"
        .equals(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
            .getVMOption("AlwaysPreTouch")
            .getValue());
    // the heap it started with (-Xms), not what is committed now, which the collector has already
    // moved by a region
    return describe(
        heap.getInit() >= 0 ? heap.getInit() : heap.getCommitted(), heap.getMax(), touched);
  }

  /**
   * {@code heap 380 MB from the start, written as committed, at most 6028 MB}; without pre-touch the line says
   * that values may land in memory written for the first time, and where to read why.
   *
   * @param max the largest heap, or -1 if the JVM sets none
   */
  static String describe(long initial, long max, boolean touched) {
    String most = max < 0 ? "no maximum" : String.format(Locale.ROOT, "at most %d MB", mb(max));
    return touched
        ? String.format(
            Locale.ROOT, "heap %d MB from the start, written as committed, %s", mb(initial), most)
        : String.format(
            Locale.ROOT,
            "heap %d MB from the start, not written as committed (values may land in pages written for the first"
                + " time, slower than the network on some machines: docs/operations.md#a-servers-memory), %s",
            mb(initial),
            most);
  }

  private static long mb(long bytes) {
    return Math.round(bytes / (1024.0 * 1024.0));
  }
}
