package org.gridrmi.it.client;

import java.time.Duration;
import org.gridrmi.client.Fig2Service;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Grid;

/** A batch job's client as users write it: no address in the code, the grid comes from GRIDRMI_LOOKUP. */
public final class EnvironmentClient {
  public static void main(String[] args) throws InterruptedException {
    try (Grid grid = Grid.connect()) {
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (grid.servers(Fig2Service.class).isEmpty() && System.nanoTime() < deadline)
        Thread.sleep(100);
      Fig2ServiceAsync srv = grid.async(Fig2ServiceAsync.class);
      System.out.println("servers=" + grid.servers().stream().map(s -> s.name()).toList()
          + " length=" + srv.length(srv.method1(5, 1)).get(Duration.ofSeconds(30)));
    }
  }
}
