package org.gridrmi.it.cli;

import java.time.Duration;
import org.gridrmi.cli.telemetry.ChainSpans;
import org.gridrmi.cli.telemetry.TelemetrySetup;
import org.gridrmi.client.Grid;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsAsync;

/**
 * The client JVM of {@link TracingProcessesIT}: configures its SDK from OTEL_* as the command line does, runs the
 * Fig. 2 chain {@code S2.method2(S1.method1())} once as the span "Fig. 2 improved", then a few plain and async calls
 * whose number it prints, and exits once its spans are flushed.
 */
public final class TracedFig2Client {
  public static void main(String[] args) throws Exception {
    int plainOnS1 = Integer.parseInt(args[2]);
    int asyncOnS2 = Integer.parseInt(args[3]);
    try (TelemetrySetup otel = TelemetrySetup.forJvm(
            new TelemetrySetup.Request("fig2-client", null, "127.0.0.1", null),
            w -> System.out.println("WARNING " + w));
        Grid grid = Grid.connect(args[0], args[1])) {
      Fig2OpsAsync on1 = grid.async(Fig2OpsAsync.class, grid.server("S1"));
      Fig2OpsAsync on2 = grid.async(Fig2OpsAsync.class, grid.server("S2"));
      byte[] y = ChainSpans.in(
          "Fig. 2 improved",
          () -> on2.method2(on1.method1(100_000, 0), 16, 0).get(Duration.ofSeconds(30)));
      Fig2Ops plain1 = grid.plain(Fig2Ops.class, grid.server("S1"));
      for (int i = 0; i < plainOnS1; i++) plain1.noop();
      for (int i = 0; i < asyncOnS2; i++) on2.noop().get(Duration.ofSeconds(30));
      System.out.println("client done: y has " + y.length + " bytes; S1 ran " + (1 + plainOnS1)
          + " calls, S2 ran " + (1 + asyncOnS2));
    }
  }
}
