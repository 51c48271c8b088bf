package org.gridrmi.benchmarks.jmh;

import Jama.Matrix;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.util.concurrent.TimeUnit;
import org.gridrmi.jama.MatrixCodec;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;
import org.gridrmi.runtime.wire.Ref;
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
 * Localized get() of a 1 MB value (target &lt; 1 us: the object itself, no copy) and the value codec's throughput
 * (a 500 x 500 matrix, 2 MB of doubles, through MatrixCodec and through Java serialization, to and from memory).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(
    value = 1,
    jvmArgs = {"-Xmx1g"})
public class ValueBenchmarks {
  private LoopbackGrid grid;
  private RemoteReference<byte[]> megabyte;
  private Ref<byte[]> ref;
  private final MatrixCodec codec = new MatrixCodec();
  private Matrix matrix;
  private byte[] encoded;
  private byte[] serialized;

  @Setup(Level.Trial)
  public void start() throws IOException {
    grid = new LoopbackGrid();
    megabyte = grid.grid.put(new byte[1_000_000]); // kept in this JVM's node: get() is localized
    megabyte.get();
    ref = (Ref<byte[]>) megabyte;
    matrix = Matrix.random(500, 500);
    encoded = encode();
    serialized = serialize();
  }

  @TearDown(Level.Trial)
  public void stop() {
    grid.close();
  }

  /** get() on the reference the caller holds (its future is cached after the first get). */
  @Benchmark
  public byte[] localizedGet() {
    return megabyte.get();
  }

  /** A reference as it arrives in a call: resolved afresh by id in this JVM's value table. */
  @Benchmark
  public byte[] localizedGetFreshReference() {
    return new Ref<byte[]>(ref.id(), ref.owner(), ref.context()).get();
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public byte[] codecWrite2MB() throws IOException {
    return encode();
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public Matrix codecRead2MB() throws IOException {
    return codec.read(ValueInput.of(new DataInputStream(new ByteArrayInputStream(encoded))));
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public byte[] serializationWrite2MB() throws IOException {
    return serialize();
  }

  @Benchmark
  @OutputTimeUnit(TimeUnit.MICROSECONDS)
  public Object serializationRead2MB() throws IOException, ClassNotFoundException {
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(serialized))) {
      return in.readObject();
    }
  }

  private byte[] encode() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream(2_100_000);
    DataOutputStream out = new DataOutputStream(b);
    codec.write(matrix, ValueOutput.of(out));
    out.flush();
    return b.toByteArray();
  }

  private byte[] serialize() throws IOException {
    ByteArrayOutputStream b = new ByteArrayOutputStream(2_100_000);
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      out.writeObject(matrix);
    }
    return b.toByteArray();
  }
}
