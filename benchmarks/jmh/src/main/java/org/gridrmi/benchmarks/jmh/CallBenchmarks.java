package org.gridrmi.benchmarks.jmh;

import java.util.concurrent.TimeUnit;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
import org.gridrmi.ref.RemoteReference;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The null call over loopback: plain RMI {@code noop()} against an async {@code noop()} followed by {@code get()}
 * (target: async &le; 1.5x plain). The server runs in this JVM but is reached through RMI over a loopback socket;
 * the async result lives in that server's node, so get() resolves it from memory once the call has run
 * (localized), else by a long-poll fetch. Each runs with the OpenTelemetry API alone and with an SDK recording
 * everything ({@link BenchTelemetry}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 1,
    jvmArgs = {"-Xmx512m"})
public class CallBenchmarks {
  /** {@code api}: the OpenTelemetry API alone, as without an SDK; {@code sdk}: every span and metric recorded. */
  @Param({"api", "sdk"})
  public String telemetry;

  private io.opentelemetry.api.OpenTelemetry otel;
  private LoopbackGrid grid;
  private Fig2Ops plain;
  private Fig2OpsAsync async;

  @Setup(Level.Trial)
  public void start() {
    otel = BenchTelemetry.of(telemetry);
    grid = new LoopbackGrid(otel);
    plain = grid.grid.plain(Fig2Ops.class);
    async = grid.grid.async(Fig2OpsAsync.class);
  }

  @TearDown(Level.Trial)
  public void stop() {
    grid.close();
    BenchTelemetry.close(otel);
  }

  @Benchmark
  public void plainNullCall() {
    plain.noop();
  }

  @Benchmark
  public Object asyncNullCallAndGet() {
    RemoteReference<Void> r = async.noop();
    Object v = r.get();
    r.release();
    return v;
  }
}
