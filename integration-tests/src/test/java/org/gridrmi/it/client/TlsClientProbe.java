package org.gridrmi.it.client;

import java.nio.file.Path;
import java.time.Duration;
import org.gridrmi.client.Fig2ServiceAsync;
import org.gridrmi.client.Grid;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.TlsStores;

/**
 * A client in a JVM of its own: composes a chain across the two servers given and prints one line,
 * {@code PROBE OK sum=.. text=..} or {@code PROBE FAILED status=.. message=..}. Its TLS stores come from
 * {@code probe.keystore}, {@code probe.truststore} and {@code probe.passwordFile} (none: plain).
 */
public final class TlsClientProbe {
  public static void main(String[] args) throws InterruptedException {
    String[] names = System.getProperty("probe.names", "S1,S2").split(",");
    Grid.Builder b = Grid.builder()
        .connect(args)
        .discoveryTimeout(Duration.ofMillis(Long.getLong("probe.discoveryMillis", 5_000)));
    String keystore = System.getProperty("probe.keystore");
    if (keystore != null) {
      b.tls(TlsStores.withPasswordFile(
          Path.of(keystore),
          Path.of(System.getProperty("probe.truststore")),
          Path.of(System.getProperty("probe.passwordFile"))));
    }
    try (Grid grid = b.build()) {
      // through a lookup service, servers show up after a while
      long until = System.nanoTime() + Long.getLong("probe.waitMillis", 20_000) * 1_000_000L;
      while (grid.servers().size() < 2 && System.nanoTime() < until) Thread.sleep(100);
      Fig2ServiceAsync on1 = grid.async(Fig2ServiceAsync.class, grid.server(names[0]));
      Fig2ServiceAsync on2 = grid.async(Fig2ServiceAsync.class, grid.server(names[1]));
      long sum =
          on2.method2(on1.method1(200_000, 7)).get(Duration.ofSeconds(20)); // S2 fetches from S1
      String text =
          on2.concat(grid.put("tls-"), on1.echo(grid.put("ok"))).get(Duration.ofSeconds(20));
      System.out.println("PROBE OK sum=" + sum + " text=" + text);
    } catch (GridException e) {
      System.out.println(
          "PROBE FAILED status=" + e.status() + " message=" + e.getMessage().replace('\n', ' '));
    }
    System.exit(0);
  }
}
