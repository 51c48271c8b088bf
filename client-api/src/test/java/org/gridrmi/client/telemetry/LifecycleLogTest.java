package org.gridrmi.client.telemetry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import org.gridrmi.client.Grid;
import org.gridrmi.client.inprocess.Work;
import org.gridrmi.client.inprocess.WorkAsync;
import org.gridrmi.client.inprocess.WorkImpl;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.ValueIds;
import org.gridrmi.server.GridServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What GridRMI logs through {@code System.Logger} (java.util.logging here, as without a logging library): one line per
 * lifecycle event (start, stop, lease lapse, peer lost and back, refusal), nothing per call at INFO.
 */
class LifecycleLogTest {
  final InProcessNetwork net = new InProcessNetwork();
  final List<AutoCloseable> open = new ArrayList<>();
  final List<LogRecord> records = new CopyOnWriteArrayList<>();
  final Logger gridrmi = Logger.getLogger("org.gridrmi");
  final Handler capture = new Handler() {
    @Override
    public void publish(LogRecord r) {
      records.add(r);
    }

    @Override
    public void flush() {}

    @Override
    public void close() {}
  };

  @BeforeEach
  void listen() {
    capture.setLevel(Level.ALL);
    gridrmi.addHandler(capture);
  }

  @AfterEach
  void close() throws Exception {
    net.heal();
    for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
    gridrmi.removeHandler(capture);
  }

  GridServer server(String name, java.util.function.UnaryOperator<GridServer.Builder> more) {
    GridServer s = more.apply(GridServer.builder()
            .name(name)
            .inProcess(net)
            .callTimeout(Duration.ofMillis(300))
            .fetchWait(Duration.ofMillis(300))
            .export(Work.class, new WorkImpl()))
        .start();
    open.add(s);
    return s;
  }

  Grid grid(GridServer... servers) {
    Grid g = Grid.builder()
        .servers(java.util.Arrays.stream(servers).map(GridServer::address).toArray(String[]::new))
        .inProcess(net)
        .callTimeout(Duration.ofMillis(300))
        .fetchWait(Duration.ofMillis(300))
        .build();
    open.add(g);
    return g;
  }

  /** This test's servers' names: other tests of the JVM may still log about theirs. */
  final String s1 = "S1-" + Integer.toHexString(System.identityHashCode(this));

  final String s2 = "S2-" + Integer.toHexString(System.identityHashCode(this));

  List<String> lines(Level atLeast) {
    return records.stream()
        .filter(r -> r.getLevel().intValue() >= atLeast.intValue())
        .map(r -> java.text.MessageFormat.format(r.getMessage(), r.getParameters()))
        .filter(l -> l.contains(s1) || l.contains(s2))
        .toList();
  }

  @Test
  void startAndStopAreOneLineEachAndCallsLogNothingAtInfo() {
    GridServer one = server(s1, b -> b);
    assertThat(lines(Level.INFO))
        .singleElement()
        .asString()
        .startsWith("GridRMI server " + s1 + " started at inproc://" + s1 + " exporting ["
            + Work.class.getName() + "]");
    WorkAsync on1 = grid(one).async(WorkAsync.class);
    for (int i = 0; i < 50; i++)
      on1.append(RemoteReference.of("v"), "!").get(Duration.ofSeconds(5));
    assertThat(lines(Level.INFO)).hasSize(1);
    one.close();
    assertThat(lines(Level.INFO))
        .last()
        .asString()
        .matches("GridRMI server " + s1 + " stopped after \\d+ s, 50 calls run");
  }

  @Test
  void aLapsedLeaseIsOneLineNamingTheServerAndNotTheWholeHolderId() {
    GridServer one = server(s1, b -> b.lease(Duration.ofMillis(300)));
    UUID holder = UUID.randomUUID(); // a client that sends one batch and never renews
    InternalInProcess.transport(
            net,
            "crashed",
            Timeouts.DEFAULT,
            new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()).filter())
        .client(one.address())
        .submit(
            holder,
            null,
            List.of(new Command.Call(
                ValueIds.forCall(),
                Work.class.getName(),
                "append(java.lang.String,java.lang.String)",
                new Object[] {"a", "b"},
                0,
                "Work.append",
                null)));
    await()
        .atMost(Duration.ofSeconds(5))
        .until(() -> lines(Level.INFO).stream().anyMatch(l -> l.contains("lapsed")));
    assertThat(lines(Level.INFO))
        .filteredOn(l -> l.contains("lapsed"))
        .singleElement()
        .asString()
        // one line per sweep however many holders lapsed (each holder's own line is DEBUG): any id
        // a
        // peer names makes a lease entry, and a line each would let it fill the log
        .startsWith(s1 + ": the leases of 1 holders lapsed (1 values they held let go)")
        .doesNotContain(holder.toString().substring(0, 8));
  }

  @Test
  void aLostPeerIsOneWarningHoweverManyFetchesFailAndItsReturnOneLine() {
    GridServer one = server(s1, b -> b);
    GridServer two = server(s2, b -> b);
    Grid grid = grid(one, two);
    WorkAsync on1 = grid.async(WorkAsync.class, grid.server(s1));
    WorkAsync on2 = grid.async(WorkAsync.class, grid.server(s2));
    List<RemoteReference<String>> made = new ArrayList<>();
    for (int i = 0; i < 2; i++) made.add(on1.slow(RemoteReference.of("x" + i), 10));
    made.forEach(r -> r.get(Duration.ofSeconds(5)));
    net.partition(s1, s2);
    for (RemoteReference<String> r : made) {
      assertThatThrownBy(() -> on2.append(r, "!").get(Duration.ofSeconds(5)))
          .isInstanceOf(GridException.class);
    }
    assertThat(lines(Level.WARNING))
        .filteredOn(l -> l.startsWith(s2 + ": lost peer inproc://" + s1))
        .hasSize(1);
    net.heal();
    assertThat(on2.append(on1.append(RemoteReference.of("y"), "1"), "2").get(Duration.ofSeconds(5)))
        .isEqualTo("y12");
    assertThat(lines(Level.INFO)).contains(s2 + ": peer inproc://" + s1 + " answers again");
  }

  @Test
  void refusalsAtALimitAreLogged() throws Exception {
    GridServer one = server(s1, b -> b.maxPendingCallsPerClient(1));
    WorkAsync on1 = grid(one).async(WorkAsync.class);
    long batches = net.delivered(s1, "a batch");
    RemoteReference<String> slow = on1.slow(RemoteReference.of("a"), 2000);
    // the second call must reach S1 while the first is pending there: sent together, or after the
    // first ended (a
    // loaded machine once took 500 ms between the two), nothing was refused
    await().atMost(Duration.ofSeconds(5)).until(() -> net.delivered(s1, "a batch") > batches);
    RemoteReference<String> refused = on1.append(RemoteReference.of("b"), "c");
    assertThatThrownBy(() -> refused.get(Duration.ofSeconds(5))).isInstanceOf(GridException.class);
    assertThat(lines(Level.WARNING))
        .anyMatch(l -> l.contains("server " + s1 + " refused Work.append")
            && l.contains("--max-pending-per-client")
            && l.endsWith("so far)"));
    slow.get(Duration.ofSeconds(10));
  }
}
