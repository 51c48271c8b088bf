package org.gridrmi.it.client;

import java.time.Duration;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Grid;

/**
 * A client program as users write it: connects, optionally puts a value, calls, closes its Grid and returns from
 * main, with no System.exit. Its JVM must then end by itself. Arguments: the address, then "put" or "no-put".
 */
public final class ExitingClient {
  public static void main(String[] args) {
    try (Grid grid = Grid.connect(args[0])) {
      Fig2ServiceAsync srv = grid.async(Fig2ServiceAsync.class);
      var data = args[1].equals("put") ? grid.put(new byte[] {1, 2, 3}) : srv.method1(3, 1);
      System.out.println("length=" + srv.length(data).get(Duration.ofSeconds(30)));
    }
    System.out.println("main returned at " + System.nanoTime());
  }
}
