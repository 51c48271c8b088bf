package org.gridrmi.benchmarks.jmh;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsImpl;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.InternalInProcess;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.Command;
import org.gridrmi.runtime.wire.MethodKeys;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.server.GridServer;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Server-side dispatch of one async call, without the network: a {@code noop} command submitted to a server on an
 * in-process network (the batch copied through serialization and the server's filter, as RMI would unmarshal it),
 * its value asked for with a fetch (answered once it is set), then released. This is the paper's "overhead for
 * starting a method in its own thread" (under 75 us there); target &lt; 20 us.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgs = {"-Xmx512m"})
public class DispatchBenchmark {
  private GridServer server;
  private NodeClient node;
  private String method;
  private final UUID holder = UUID.randomUUID();
  private long sequence;

  @Setup(Level.Trial)
  public void start() throws Exception {
    InProcessNetwork net = new InProcessNetwork();
    server = GridServer.builder()
        .name("jmh")
        .inProcess(net)
        .export(Fig2Ops.class, new Fig2OpsImpl())
        .start();
    node = InternalInProcess.transport(
            net,
            "jmh-client",
            Timeouts.DEFAULT,
            new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()).filter())
        .client(server.address());
    method = MethodKeys.of(Fig2Ops.class.getMethod("noop"));
  }

  @TearDown(Level.Trial)
  public void stop() {
    server.close();
  }

  @Benchmark
  public Object dispatchNoop() {
    UUID id = new UUID(holder.getMostSignificantBits(), ++sequence);
    node.submit(
        holder,
        null,
        List.of(new Command.Call(
            id, Fig2Ops.class.getName(), method, new Object[0], 0, "Fig2Ops.noop", null)));
    Object v = node.fetch(id, 10_000, null, false, null).state();
    node.release(holder, List.of(Release.explicit(id)));
    return v;
  }
}
