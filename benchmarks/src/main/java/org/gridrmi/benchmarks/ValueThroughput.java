package org.gridrmi.benchmarks;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.List;
import java.util.function.Supplier;
import org.gridrmi.ref.spi.ValueCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;
import org.gridrmi.runtime.serial.Codecs;
import org.gridrmi.runtime.serial.SerialPolicy;

/**
 * How fast one JVM writes and reads a value of one shape two ways (the in-JVM half of {@code gridrmi bench
 * values}): Java serialization (a fresh {@code ObjectOutputStream}, read back through the node's filter as a
 * server reads it) and the codec GridRMI picks for it ({@link Codecs#forValue}: the fast codec for users' types, a
 * bulk codec for arrays of primitives). Warm-up rounds first, then measured rounds; each half is the median of its
 * rounds. MB/s is each mechanism's own bytes over its time (1 MB = 10^6 bytes); the speedup compares the times of
 * the same value, write plus read. For the shapes it is measured for, the {@link ValueFloor} takes its turn too: the
 * least any codec must do, so that Java serialization's time over it bounds every codec's speedup.
 */
final class ValueThroughput {
  private ValueThroughput() {}

  /**
   * One shape's figures.
   *
   * @param codec the id of the codec GridRMI picked
   * @param bulk whether that is a bulk codec of an array (not the fast codec for users' types)
   * @param floorWriteMs the {@link ValueFloor}'s write, NaN for a shape it is not measured for
   * @param floorReadMs its read, NaN likewise
   */
  record Result(
      String shape,
      String codec,
      boolean bulk,
      long jdkBytes,
      long fastBytes,
      double jdkWriteMs,
      double jdkReadMs,
      double fastWriteMs,
      double fastReadMs,
      double floorWriteMs,
      double floorReadMs) {
    double speedup() {
      return (jdkWriteMs + jdkReadMs) / (fastWriteMs + fastReadMs);
    }

    /** The most any codec's speedup can be here: Java serialization's time over the floor's; NaN if not measured. */
    double floorSpeedup() {
      return (jdkWriteMs + jdkReadMs) / (floorWriteMs + floorReadMs);
    }

    static double mbPerS(long bytes, double ms) {
      return bytes / 1e3 / ms;
    }
  }

  /** Measures {@code value} (made by {@code make} afresh for nothing: one value serves every round). */
  static Result measure(
      String shape, Supplier<Object> make, SerialPolicy policy, int warmup, int rounds) {
    Object value = make.get();
    long checksum = org.gridrmi.benchmarks.values.Shapes.checksum(value);
    ValueFloor floor = ValueFloor.of(shape, value);
    if (floor != null) check(checksum, floor.read(), "the floor", shape);
    return SerialPolicy.using(policy, () -> {
      double[] jw = new double[rounds],
          jr = new double[rounds],
          fw = new double[rounds],
          fr = new double[rounds],
          lw = new double[rounds],
          lr = new double[rounds];
      long touched = 0;
      byte[] jdk = null, fast = null;
      String id = null;
      for (int i = -warmup; i < rounds; i++) {
        // the two take turns, so that drift (JIT, GC) affects both alike
        // each value read back is checked after its time is taken: a checksum hashes every element
        long t0 = System.nanoTime();
        jdk = writeJdk(value);
        long t1 = System.nanoTime();
        Object jdkBack = readJdk(jdk, policy);
        long t2 = System.nanoTime();
        check(checksum, jdkBack, "Java serialization", shape);
        long t3 = System.nanoTime();
        ValueCodec<?> codec = Codecs.forValue(value);
        if (codec == null) throw new IllegalStateException("no codec takes " + shape);
        id = codec.id();
        fast = writeCodec(codec, value);
        long t4 = System.nanoTime();
        Object fastBack = readCodec(id, fast);
        long t5 = System.nanoTime();
        check(checksum, fastBack, id, shape);
        long t6 = System.nanoTime(), t7 = t6, t8 = t6;
        if (floor != null) {
          touched += floor.write();
          t7 = System.nanoTime();
          Object floorBack = floor.read();
          t8 = System.nanoTime();
          touched += System.identityHashCode(floorBack) & 1; // used, so that it is made
        }
        if (i >= 0) {
          jw[i] = (t1 - t0) / 1e6;
          jr[i] = (t2 - t1) / 1e6;
          fw[i] = (t4 - t3) / 1e6;
          fr[i] = (t5 - t4) / 1e6;
          lw[i] = (t7 - t6) / 1e6;
          lr[i] = (t8 - t7) / 1e6;
        }
      }
      TOUCHED.addAndGet(touched);
      return new Result(
          shape,
          id,
          !id.equals("fory"),
          jdk.length,
          fast.length,
          median(jw),
          median(jr),
          median(fw),
          median(fr),
          floor == null ? Double.NaN : median(lw),
          floor == null ? Double.NaN : median(lr));
    });
  }

  /** Where the floor's sums go, so that the JIT cannot drop its reads. */
  private static final java.util.concurrent.atomic.AtomicLong TOUCHED =
      new java.util.concurrent.atomic.AtomicLong();

  private static void check(long expected, Object back, String how, String shape) {
    if (org.gridrmi.benchmarks.values.Shapes.checksum(back) != expected) {
      throw new IllegalStateException(
          shape + " read back by " + how + " differs from what was written");
    }
  }

  static double median(double[] v) {
    double[] s = v.clone();
    Arrays.sort(s);
    return s.length % 2 == 1 ? s[s.length / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  }

  private static byte[] writeJdk(Object v) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream o = new ObjectOutputStream(b)) {
      o.writeObject(v);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return b.toByteArray();
  }

  private static Object readJdk(byte[] bytes, SerialPolicy policy) {
    try (ObjectInputStream in = policy.open(bytes)) {
      return in.readObject();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static byte[] writeCodec(ValueCodec codec, Object v) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (DataOutputStream o = new DataOutputStream(b)) {
      codec.write(v, ValueOutput.of(o));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return b.toByteArray();
  }

  private static Object readCodec(String id, byte[] bytes) {
    try {
      return Codecs.forId(id)
          .read(ValueInput.of(new DataInputStream(new ByteArrayInputStream(bytes))));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The shapes' names, in the order they are reported. */
  static final List<String> SHAPES = List.of("doubles", "ints", "records", "strings", "media");
}
