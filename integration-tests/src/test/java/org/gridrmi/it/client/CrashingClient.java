package org.gridrmi.it.client;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Grid;

/** A client that makes three values on a server, says so, and waits to be killed. */
public final class CrashingClient {
  public static void main(String[] args) throws Exception {
    Grid grid = Grid.connect(args[0]);
    Fig2ServiceAsync srv = grid.async(Fig2ServiceAsync.class);
    var a = srv.method1(1000, 1);
    var b = srv.method1(1000, 2);
    srv.length(a).get(Duration.ofSeconds(30));
    b.get(Duration.ofSeconds(30));
    System.out.println("client ready at rmi://holding-values");
    new CountDownLatch(1).await();
  }
}
