package org.gridrmi.benchmarks;

import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.ref.internal.MethodKeys;
import org.gridrmi.ref.internal.Nodes;
import org.gridrmi.ref.internal.store.Slot;
import org.gridrmi.ref.internal.wire.CallGateway;
import org.gridrmi.ref.internal.wire.Command;
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
 * Server-side dispatch of one async call, without the network: a {@code noop} command handed straight to the
 * server's gateway object (as RMI would after unmarshalling the batch), timed until its value is set, then
 * released. This is the paper's "overhead for starting a method in its own thread" (under 75 us there); target
 * &lt; 20 us.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(value = 1, jvmArgs = {"-Xmx512m"})
public class DispatchBenchmark {
  private LoopbackGrid grid;
  private CallGateway gateway;
  private String method;
  private final UUID holder = UUID.randomUUID();
  private long sequence;

  @Setup(Level.Trial)
  public void start() throws Exception {
    grid = new LoopbackGrid();
    gateway = (CallGateway) grid.server.endpoint();
    method = MethodKeys.of(Fig2Ops.class.getMethod("noop"));
  }

  @TearDown(Level.Trial)
  public void stop() {
    grid.close();
  }

  @Benchmark
  public Object dispatchNoop() throws Exception {
    UUID id = new UUID(holder.getMostSignificantBits(), ++sequence);
    gateway.submit(holder, List.of(new Command.Call(id, Fig2Ops.class.getName(), method, new Object[0], 0,
        "Fig2Ops.noop", null)));
    Slot s = Nodes.findSlot(id);
    Object v = s.future().join();
    gateway.release(holder, List.of(id));
    return v;
  }
}
