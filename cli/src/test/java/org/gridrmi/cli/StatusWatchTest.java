package org.gridrmi.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;
import org.gridrmi.client.Grid;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
import org.gridrmi.examples.fig2.Fig2OpsImpl;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.Test;

/** The table of {@code status --watch} while a client keeps two servers busy (on an in-process network). */
class StatusWatchTest {
  @Test
  void eachTableShowsTheIntervalsCallsLatencyStoreAndBytesPerPeer() throws Exception {
    InProcessNetwork net = new InProcessNetwork();
    try (GridServer s1 = GridServer.builder()
            .name("S1")
            .inProcess(net)
            .export(Fig2Ops.class, new Fig2OpsImpl())
            .start();
        GridServer s2 = GridServer.builder()
            .name("S2")
            .inProcess(net)
            .export(Fig2Ops.class, new Fig2OpsImpl())
            .start();
        Grid client =
            Grid.builder().servers(s1.address(), s2.address()).inProcess(net).build();
        Grid watcher =
            Grid.builder().servers(s1.address(), s2.address()).inProcess(net).build()) {
      AtomicBoolean busy = new AtomicBoolean(true);
      Thread load = new Thread(() -> {
        Fig2OpsAsync on1 = client.async(Fig2OpsAsync.class, client.server("S1"));
        Fig2OpsAsync on2 = client.async(Fig2OpsAsync.class, client.server("S2"));
        while (busy.get()) {
          RemoteReference<byte[]> made = on1.method1(10_000, 2);
          on2.checksum(made).get(Duration.ofSeconds(5));
        }
      });
      load.start();
      StringWriter text = new StringWriter();
      try {
        new StatusWatch(watcher, new PrintWriter(text), Duration.ofMillis(500), false)
            .run(2, "inproc");
      } finally {
        busy.set(false);
        load.join();
      }
      String[] tables = text.toString().split("(?=GridRMI status )");
      assertThat(tables).hasSize(2);
      String last = tables[1];
      assertThat(last)
          .contains("2 server(s) of inproc, every 500 ms")
          .contains("NAME", "CALLS/S", "P50", "P99");
      String s1Row = last.lines().filter(l -> l.startsWith("S1 ")).findFirst().orElseThrow();
      assertThat(Double.parseDouble(s1Row.substring(10, 19).trim()))
          .as("calls/s in %s", s1Row)
          .isGreaterThan(0);
      assertThat(s1Row.substring(19, 39))
          .as("p50 and p99 in %s", s1Row)
          .containsPattern("\\d+(\\.\\d)? (ms|us) .*" + "\\d+(\\.\\d)? (ms|us)");
      assertThat(last).containsPattern("S2 +\\d+\\.\\d");
    }
  }

  @Test
  void durationsAndBytesReadAsPeopleWriteThem() {
    assertThat(StatusWatch.duration(Duration.ofNanos(250_000))).isEqualTo("250 us");
    assertThat(StatusWatch.duration(Duration.ofMillis(12))).isEqualTo("12.0 ms");
    assertThat(StatusWatch.duration(Duration.ofMillis(2500))).isEqualTo("2.50 s");
    assertThat(StatusWatch.duration(null)).isEqualTo("-");
    assertThat(StatusWatch.bytes(999)).isEqualTo("999 B");
    assertThat(StatusWatch.bytes(1_048_576)).isEqualTo("1.0 MB");
  }
}
