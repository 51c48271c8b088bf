package org.gridrmi.it.cli;

import java.time.Duration;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.Traffic;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
import org.gridrmi.ref.RemoteReference;

/**
 * The client of {@link MultiHostNetnsIT}, run inside the client namespace: finds S1 and S2 through
 * the lookup service, runs {@code S2.method2(S1.method1(size))} and prints, as {@code key=value}
 * lines, the bytes this JVM received during the composition and the bytes S2 received from S1.
 */
public final class NetnsClientMain {
  public static void main(String[] args) throws Exception {
    String lookup = args[0];
    int size = Integer.parseInt(args[1]);
    try (Grid grid = Grid.connect(lookup)) {
      long deadline = System.nanoTime() + Duration.ofSeconds(20).toNanos();
      while (grid.servers().size() < 2) {
        if (System.nanoTime() > deadline)
          throw new IllegalStateException("only " + grid.servers() + " registered");
        Thread.sleep(200);
      }
      ServerInfo s1 = grid.server("S1");
      ServerInfo s2 = grid.server("S2");
      System.out.println("s1=" + s1.address());
      System.out.println("s2=" + s2.address());
      Fig2OpsAsync on1 = grid.async(Fig2OpsAsync.class, s1);
      Fig2OpsAsync on2 = grid.async(Fig2OpsAsync.class, s2);
      Traffic before = grid.traffic();
      RemoteReference<byte[]> intermediate = on1.method1(size, 0);
      byte[] result = on2.method2(intermediate, 64, 0).get(Duration.ofSeconds(30));
      Traffic after = grid.traffic();
      System.out.println("resultBytes=" + result.length);
      System.out.println(
          "clientRxDuringComposition=" + (after.receivedBytes() - before.receivedBytes()));
      System.out.println("clientRxTotal=" + after.receivedBytes());
      System.out.println("s2RxFromS1=" + grid.stats(s2).receivedFrom(s1.address()));
    }
    System.exit(0);
  }
}
