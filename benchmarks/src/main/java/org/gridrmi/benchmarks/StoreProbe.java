package org.gridrmi.benchmarks;

import java.time.Duration;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;

/** What the soak and chaos benchmarks read off a server's store once its clients are done. */
final class StoreProbe {
  private StoreProbe() {}

  /**
   * The values {@code server} holds once the releases in flight have landed: read until there are at most
   * {@code baseline} or {@code settle} has passed (releases are sent asynchronously, each client's in one message per
   * round trip), and the last reading returned. A lease is never waited for: a value left after the settle time is
   * one its clients failed to release.
   */
  static int settledValues(Grid grid, ServerInfo server, long baseline, Duration settle)
      throws InterruptedException {
    long end = System.nanoTime() + settle.toNanos();
    int values = grid.stats(server).values();
    while (values > baseline && System.nanoTime() < end) {
      Thread.sleep(100);
      values = grid.stats(server).values();
    }
    return values;
  }
}
