package org.gridrmi.benchmarks;

import Jama.Matrix;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.benchmarks.harness.Warmup;
import org.gridrmi.benchmarks.transfer.TransferOps;
import org.gridrmi.benchmarks.transfer.TransferOpsAsync;
import org.gridrmi.benchmarks.transfer.TransferOpsImpl;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;

/**
 * The measurements of {@code bench transfer} for one size and value type: rounds in which each mechanism runs once,
 * in the same order, so that the machine's noise falls on all of them alike. Every checksum is checked against the
 * one computed here; a wrong one fails the run.
 */
final class TransferRounds {
  /** The value types moved. */
  enum Kind {
    DOUBLES("double[]"),
    MATRIX("Matrix"),
    ROWS("double[][]");

    final String label;

    Kind(String label) {
      this.label = label;
    }
  }

  /**
   * One size and type: seconds per measured round of each mechanism, and per lazy round the heap S1 and S2
   * allocated beyond the value itself; {@code defaultLocal} and {@code defaultLazy} are the local and lazy chains on
   * the servers started as users start them (empty when there are none); {@code warmUpSeconds} how long the size was
   * warmed up, and {@code jitMillisPerSecond} the milliseconds a second that the JIT compilers of the run's JVMs
   * spent compiling, together, during the measured rounds (1,000 is one of the machine's cores).
   */
  record Result(
      Kind kind,
      String label,
      long bytes,
      List<Double> raw,
      List<Double> local,
      List<Double> lazy,
      List<Double> plain,
      List<Long> extraS1,
      List<Long> extraS2,
      List<Double> defaultLocal,
      List<Double> defaultLazy,
      double warmUpSeconds,
      double jitMillisPerSecond) {}

  private final TransferOpsAsync s1;
  private final TransferOpsAsync s2;
  private final TransferOps plain1;
  private final TransferOps plain2;
  private final RawLoopback raw;
  private final Duration deadline;
  /** D1 and D2, servers with the JVM's default flags that nobody collects between rounds; null when not run. */
  private final TransferOpsAsync d1;

  private final TransferOpsAsync d2;
  /** The JIT's compiling time so far, in milliseconds, summed over this JVM and every server of the run. */
  private final java.util.function.LongSupplier jitMillis;

  private byte[] rawData = new byte[0];

  /**
   * Keeps this JVM from giving heap back after a collection ({@code MaxHeapFreeRatio} is manageable at run time);
   * where the flag cannot be set, the raw receiver pays for the pages it faults in, and the run says so.
   */
  static void keepHeap() {
    try {
      java.lang.management.ManagementFactory.getPlatformMXBean(
              com.sun.management.HotSpotDiagnosticMXBean.class)
          .setVMOption("MaxHeapFreeRatio", "100");
    } catch (RuntimeException e) {
      System.out.println("bench transfer: this JVM may give back heap after a collection ("
          + e.getMessage() + "): the raw socket's receiver may then be slower than it is");
    }
  }

  TransferRounds(
      TransferOpsAsync s1,
      TransferOpsAsync s2,
      TransferOps plain1,
      TransferOps plain2,
      RawLoopback raw,
      Duration deadline,
      TransferOpsAsync d1,
      TransferOpsAsync d2,
      java.util.function.LongSupplier jitMillis) {
    this.jitMillis = jitMillis;
    this.d1 = d1;
    this.d2 = d2;
    this.s1 = s1;
    this.s2 = s2;
    this.plain1 = plain1;
    this.plain2 = plain2;
    this.raw = raw;
    this.deadline = deadline;
  }

  /** The shape of a value of about {@code bytes} bytes: {n} for double[n], {rows, cols} for a square Matrix. */
  static int[] shape(Kind kind, long bytes) {
    long n = Math.max(1, bytes / Double.BYTES);
    if (kind == Kind.DOUBLES) return new int[] {(int) n};
    int side = (int) Math.max(1, Math.round(Math.sqrt(n)));
    return new int[] {side, side};
  }

  /** The size of the values the JIT warm-up moves: above the 64 KB a value needs to be streamed. */
  static final long WARM_UP_BYTES = 80_000;

  /**
   * The JIT warm-up of the paths every measured round takes, in all three JVMs: {@code rounds} rounds of small
   * chains, local, lazy and plain, of each type, {@link Warmup#THREADS} at a time. The code a chain runs once (its
   * batches, the fetch's hand-offs, the store) is compiled only after a few thousand chains: in 60 rounds of 8 MB
   * chains, one on one server took 3.2 ms (median) on fresh servers and 1.4 ms after 3,000 rounds of small chains; a
   * lazy one 9.5 ms and 6.7 ms.
   */
  void warmUp(List<Kind> kinds, int rounds) {
    Warmup.run(rounds, Warmup.THREADS, round -> {
      for (Kind kind : kinds) {
        int[] shape = shape(kind, WARM_UP_BYTES);
        long expected = expectedChecksum(
            kind, shape); // microseconds (a sample of the elements) beside the chains
        chain(kind, shape, s1, s1, expected, null);
        chain(kind, shape, s1, s2, expected, null);
        plain(kind, shape, expected);
        if (d1 != null) {
          chain(kind, shape, d1, d1, expected, null);
          chain(kind, shape, d1, d2, expected, null);
        }
      }
    });
  }

  /** The number of elements of a value of this shape. */
  private static long elements(Kind kind, int[] shape) {
    return kind == Kind.DOUBLES ? shape[0] : (long) shape[0] * shape[1];
  }

  /** The checksum a value of this shape made by {@link TransferOpsImpl} has. */
  private static long expectedChecksum(Kind kind, int[] shape) {
    return TransferOpsImpl.checksum(elements(kind, shape), TransferOpsImpl::content);
  }

  /**
   * Runs unmeasured rounds until there have been {@code warm} of them and {@code warmFor} has passed, then
   * {@code measured} rounds. The time bound is what warms the JIT whatever the size: after three warm-up rounds the
   * first measured 8 MB {@code Matrix} chains took 17-21 ms, the later ones 6-8 ms; and after 3 s of 8 MB rounds the
   * five JVMs' compilers still took 1-2 s of CPU a second (of the machine's two), which the lazy chains, the only
   * mechanism that needs both cores at once, paid most (docs/performance.md). The JIT's compiling time during the
   * measured rounds is part of the result.
   */
  Result measure(
      Kind kind,
      String label,
      long approxBytes,
      int warm,
      Duration warmFor,
      int measured,
      boolean withPlain)
      throws IOException {
    int[] shape = shape(kind, approxBytes);
    long bytes = elements(kind, shape) * Double.BYTES;
    long expected = expectedChecksum(kind, shape);
    if (rawData.length < Math.min(bytes, 1 << 26))
      rawData = new byte[(int) Math.min(bytes, 1 << 26)];
    List<Double> raws = new ArrayList<>();
    List<Double> locals = new ArrayList<>();
    List<Double> lazies = new ArrayList<>();
    List<Double> plains = new ArrayList<>();
    List<Long> extraS1 = new ArrayList<>();
    List<Long> extraS2 = new ArrayList<>();
    List<Double> defaultLocals = new ArrayList<>();
    List<Double> defaultLazies = new ArrayList<>();
    long start = System.nanoTime();
    long warmUntil = start + warmFor.toNanos();
    double warmedSeconds = Double.NaN;
    long measuredFrom = 0;
    long jitFrom = 0;
    int warmed = 0;
    while (raws.size() < measured) {
      boolean keep = warmed >= warm && System.nanoTime() - warmUntil >= 0;
      if (!keep) warmed++;
      else if (raws.isEmpty()) { // the first measured round
        measuredFrom = System.nanoTime();
        warmedSeconds = (measuredFrom - start) / 1e9;
        jitFrom = jitMillis.getAsLong();
      }
      collectGarbage();
      double tRaw = raw.move(bytes, rawData);
      double tLocal = chain(kind, shape, s1, s1, expected, null);
      long[] alloc = new long[4];
      double tLazy = chain(kind, shape, s1, s2, expected, alloc);
      double tPlain = withPlain ? plain(kind, shape, expected) : Double.NaN;
      // last, so that the collections above have finished; nothing collects D1 and D2 on purpose
      double tDefaultLocal = d1 == null ? Double.NaN : chain(kind, shape, d1, d1, expected, null);
      double tDefaultLazy = d1 == null ? Double.NaN : chain(kind, shape, d1, d2, expected, null);
      if (keep) {
        raws.add(tRaw);
        locals.add(tLocal);
        lazies.add(tLazy);
        if (withPlain) plains.add(tPlain);
        if (d1 != null) {
          defaultLocals.add(tDefaultLocal);
          defaultLazies.add(tDefaultLazy);
        }
        extraS1.add(
            alloc[1] - alloc[0]); // S1 sends a value it holds already: all it allocates is extra
        extraS2.add(alloc[3] - alloc[2] - bytes); // S2 receives the value itself, and any extra
      }
    }
    return new Result(
        kind,
        label,
        bytes,
        raws,
        locals,
        lazies,
        plains,
        extraS1,
        extraS2,
        defaultLocals,
        defaultLazies,
        warmedSeconds,
        (jitMillis.getAsLong() - jitFrom) / ((System.nanoTime() - measuredFrom) / 1e9));
  }

  /**
   * A full collection in both servers and in this JVM between rounds, untimed: the previous round's values (up to
   * three copies of the largest per server) are garbage, and a collection of them in the middle of a transfer made
   * rounds of the same size differ by up to 2x (256 MB Matrix: 94-107 ms and 161-181 ms in one run). This JVM
   * receives the raw socket's and plain RMI's values: left to itself, G1 collected it every 5-7 rounds of 8 MB, in
   * 3-7 ms pauses and a concurrent cycle, whichever chain was running then (lazy chains of 13-16 ms among ones of
   * 5-7 ms). It keeps its heap ({@link #keepHeap}), as the servers (-Xms = -Xmx) do, so the raw receiver does not
   * fault in pages given back.
   */
  private void collectGarbage() {
    System.gc();
    plain1.collectGarbage();
    plain2.collectGarbage();
  }

  /**
   * {@code on.checksum(maker.make(shape))}: seconds from the first call until the checksum is here. With
   * {@code alloc}, the bytes S1 and S2 allocated are read before and after (outside the timing).
   */
  private double chain(
      Kind kind,
      int[] shape,
      TransferOpsAsync maker,
      TransferOpsAsync on,
      long expected,
      long[] alloc) {
    if (alloc != null) {
      alloc[0] = plain1.allocatedBytes();
      alloc[2] = plain2.allocatedBytes();
    }
    long start = System.nanoTime();
    RemoteReference<?> value = switch (kind) {
      case DOUBLES -> maker.doubles(shape[0]);
      case MATRIX -> maker.matrix(shape[0], shape[1]);
      case ROWS -> maker.rows(shape[0], shape[1]);
    };
    RemoteReference<Long> sum = checksum(kind, on, value);
    long got = sum.get(deadline);
    double seconds = (System.nanoTime() - start) / 1e9;
    value.release();
    sum.release();
    if (alloc != null) {
      alloc[1] = plain1.allocatedBytes();
      alloc[3] = plain2.allocatedBytes();
    }
    check(got, expected, "lazy");
    return seconds;
  }

  @SuppressWarnings("unchecked")
  private static RemoteReference<Long> checksum(
      Kind kind, TransferOpsAsync on, RemoteReference<?> value) {
    return switch (kind) {
      case DOUBLES -> on.checksum((RemoteReference<double[]>) value);
      case MATRIX -> on.matrixChecksum((RemoteReference<Matrix>) value);
      case ROWS -> on.rowsChecksum((RemoteReference<double[][]>) value);
    };
  }

  /** Plain RMI: the value comes to the client and goes on to S2. */
  private double plain(Kind kind, int[] shape, long expected) {
    long start = System.nanoTime();
    long got = switch (kind) {
      case DOUBLES -> plain2.checksum(plain1.doubles(shape[0]));
      case MATRIX -> plain2.matrixChecksum(plain1.matrix(shape[0], shape[1]));
      case ROWS -> plain2.rowsChecksum(plain1.rows(shape[0], shape[1]));
    };
    double seconds = (System.nanoTime() - start) / 1e9;
    check(got, expected, "plain");
    return seconds;
  }

  private static void check(long got, long expected, String how) {
    if (got != expected) {
      throw new GridException(
          Status.INTERNAL,
          "bench transfer: the " + how + " checksum " + got + " is not the " + expected
              + " of the value made: the value arrived changed");
    }
  }
}
