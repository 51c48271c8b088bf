package org.gridrmi.benchmarks;

import Jama.Matrix;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import org.gridrmi.jama.JamaMatrixOps;
import org.gridrmi.jama.MatrixCodec;

/**
 * How fast a matrix crosses a loopback TCP connection three ways (the measurement behind {@code ./gridrmi bench
 * codec}): (a) {@link MatrixCodec} over a {@code DataOutputStream}, decoded into a new {@code Matrix} on the other
 * side; (b) Java serialization of the {@code Jama.Matrix} (what plain RMI does), a fresh
 * {@code ObjectOutputStream}/{@code ObjectInputStream} per message as RMI uses per call; (c) the baseline, the same
 * {@code rows * cols * 8} bytes of doubles sent as one {@code byte[]} and read into a new {@code byte[]}.
 *
 * <p>One connection carries every message; each run is timed on the sender from the first byte written to the
 * receiver's acknowledgement, which carries the bits of the last entry received so a broken transfer cannot pass
 * as a fast one. Mechanisms take turns within each run so drift (JIT, GC, CPU frequency) affects all alike. Warm-up
 * runs are not reported. Throughput is payload bytes ({@code rows * cols * 8}, whatever the mechanism adds) over
 * time, in MB/s with 1 MB = 10^6 bytes. Uses the JDK and JAMA only.
 */
public final class CodecThroughput {
  /** The three mechanisms, in the order they are reported. */
  public static final List<String> MECHANISMS = List.of("codec", "serialization", "raw");

  /** One measured transfer. */
  public record Sample(String mechanism, int run, double millis, double mbPerS) {}

  /** All measured samples of one run of the benchmark, with their medians and ratios. */
  public record Result(int rows, int cols, long payloadBytes, int warmups, List<Sample> samples) {
    /** Median MB/s of {@code mechanism}. */
    public double medianMbPerS(String mechanism) {
      return median(mechanism, Sample::mbPerS);
    }

    /** Median milliseconds of {@code mechanism}. */
    public double medianMillis(String mechanism) {
      return median(mechanism, Sample::millis);
    }

    /** Codec throughput over raw-socket throughput; the target is at least 0.5. */
    public double codecOverRaw() {
      return medianMbPerS("codec") / medianMbPerS("raw");
    }

    /** Codec throughput over Java serialization throughput. */
    public double codecOverSerialization() {
      return medianMbPerS("codec") / medianMbPerS("serialization");
    }

    private double median(String mechanism, java.util.function.ToDoubleFunction<Sample> f) {
      double[] v = samples.stream()
          .filter(s -> s.mechanism().equals(mechanism))
          .mapToDouble(f)
          .sorted()
          .toArray();
      if (v.length == 0) {
        throw new IllegalArgumentException("no samples for " + mechanism);
      }
      return v.length % 2 == 1 ? v[v.length / 2] : (v[v.length / 2 - 1] + v[v.length / 2]) / 2;
    }

    /** Writes {@code mechanism,run,millis,mb_per_s}, one line per measured sample. */
    public void writeCsv(Path file) throws IOException {
      StringBuilder csv = new StringBuilder("mechanism,run,millis,mb_per_s\n");
      for (Sample s : samples) {
        csv.append(String.format(
            Locale.ROOT, "%s,%d,%.3f,%.1f%n", s.mechanism(), s.run(), s.millis(), s.mbPerS()));
      }
      Path parent = file.toAbsolutePath().getParent();
      if (parent != null) {
        Files.createDirectories(parent);
      }
      Files.writeString(file, csv);
    }

    /** A table of medians and the two ratios. */
    public void print(PrintStream out) {
      out.printf(
          Locale.ROOT,
          "Matrix transfer over loopback TCP: %dx%d doubles = %,d bytes, median of %d runs"
              + " (after %d warm-up)%n",
          rows,
          cols,
          payloadBytes,
          samples.size() / MECHANISMS.size(),
          warmups);
      out.printf(Locale.ROOT, "%-14s %10s %10s%n", "mechanism", "median ms", "MB/s");
      for (String m : MECHANISMS) {
        out.printf(Locale.ROOT, "%-14s %10.2f %10.1f%n", m, medianMillis(m), medianMbPerS(m));
      }
      out.printf(Locale.ROOT, "codec / raw           = %.2f (target >= 0.50)%n", codecOverRaw());
      out.printf(Locale.ROOT, "codec / serialization = %.2f%n", codecOverSerialization());
    }
  }

  private CodecThroughput() {}

  /**
   * Runs the measurement on a fresh loopback connection.
   *
   * @param rows rows of the random matrix sent, &gt; 0
   * @param cols columns, &gt; 0
   * @param warmups unreported runs first, &gt;= 0
   * @param runs measured runs per mechanism, &gt; 0
   * @return every measured sample
   * @throws IOException if the loopback connection fails
   */
  public static Result run(int rows, int cols, int warmups, int runs) throws IOException {
    if (rows <= 0 || cols <= 0 || warmups < 0 || runs <= 0) {
      throw new IllegalArgumentException("need rows, cols, runs > 0 and warmups >= 0");
    }
    Matrix matrix = new JamaMatrixOps().random(rows, cols, 1);
    long payload = (long) rows * cols * Double.BYTES;
    if (payload > Integer.MAX_VALUE - 16) {
      throw new IllegalArgumentException("matrix too large for one byte[]: " + rows + "x" + cols);
    }
    byte[] raw = rawBytes(matrix);
    long lastBits = Double.doubleToRawLongBits(matrix.get(rows - 1, cols - 1));
    MatrixCodec codec = new MatrixCodec();
    List<Sample> samples = new ArrayList<>();
    InetAddress loopback = InetAddress.getLoopbackAddress();
    try (ServerSocket server = new ServerSocket(0, 1, loopback);
        Socket client = new Socket(loopback, server.getLocalPort());
        Socket peer = server.accept()) {
      client.setTcpNoDelay(true);
      peer.setTcpNoDelay(true);
      client.setSoTimeout(
          ACK_TIMEOUT_MILLIS); // a receiver that died (a refused stream) ends the run, not hangs it
      Thread receiver = new Thread(() -> receive(peer, codec), "codec-throughput-receiver");
      receiver.setDaemon(true);
      receiver.start();
      DataOutputStream out =
          new DataOutputStream(new BufferedOutputStream(client.getOutputStream(), 1 << 16));
      DataInputStream ack = new DataInputStream(client.getInputStream());
      for (int run = 1 - warmups; run <= runs; run++) {
        for (int m = 0; m < MECHANISMS.size(); m++) {
          long start = System.nanoTime();
          out.writeByte(m);
          switch (m) {
            case 0 -> codec.write(matrix, org.gridrmi.ref.spi.ValueOutput.of(out));
            case 1 -> {
              ObjectOutputStream oos = new ObjectOutputStream(out);
              oos.writeObject(matrix);
              oos.flush();
            }
            default -> {
              out.writeInt(raw.length);
              out.write(raw);
            }
          }
          out.flush();
          long bits = ack.readLong();
          long nanos = System.nanoTime() - start;
          if (bits != lastBits) {
            throw new IOException(MECHANISMS.get(m) + ": receiver got a different last entry");
          }
          if (run > 0) {
            double millis = nanos / 1e6;
            samples.add(new Sample(MECHANISMS.get(m), run, millis, payload / 1e6 / (millis / 1e3)));
          }
        }
      }
      out.writeByte(-1);
      out.flush();
    }
    samples.sort((a, b) -> a.mechanism().equals(b.mechanism())
        ? Integer.compare(a.run(), b.run())
        : Integer.compare(MECHANISMS.indexOf(a.mechanism()), MECHANISMS.indexOf(b.mechanism())));
    return new Result(rows, cols, payload, warmups, List.copyOf(samples));
  }

  /** How long the sender waits for each acknowledgement. */
  private static final int ACK_TIMEOUT_MILLIS = 60_000;
  /** What the serialization mechanism's receiver reads: a JAMA matrix, its arrays, nothing else. */
  private static final java.io.ObjectInputFilter MATRIX_ONLY =
      java.io.ObjectInputFilter.Config.createFilter("Jama.Matrix;[[D;[D;!*");

  /** The receiving side: decodes each message as its mechanism prescribes, then acknowledges. */
  private static void receive(Socket peer, MatrixCodec codec) {
    try {
      DataInputStream in =
          new DataInputStream(new BufferedInputStream(peer.getInputStream(), 1 << 16));
      DataOutputStream ack = new DataOutputStream(peer.getOutputStream());
      while (true) {
        int m = in.readByte();
        long bits;
        if (m == 0) {
          Matrix got = codec.read(org.gridrmi.ref.spi.ValueInput.of(in));
          bits = Double.doubleToRawLongBits(
              got.get(got.getRowDimension() - 1, got.getColumnDimension() - 1));
        } else if (m == 1) {
          ObjectInputStream ois = new ObjectInputStream(in);
          // its own filter, as RMI's streams of a server that allows Matrix have: a JVM-wide filter
          // that a Grid or
          // server of this JVM installed would refuse JAMA's class (it is not one of theirs)
          ois.setObjectInputFilter(MATRIX_ONLY);
          Matrix got = (Matrix) ois.readObject();
          bits = Double.doubleToRawLongBits(
              got.get(got.getRowDimension() - 1, got.getColumnDimension() - 1));
        } else if (m == 2) {
          byte[] got = new byte[in.readInt()];
          in.readFully(got);
          bits = ByteBuffer.wrap(got).getLong(got.length - Double.BYTES);
        } else {
          return;
        }
        ack.writeLong(bits);
        ack.flush();
      }
    } catch (IOException e) {
      if (!peer.isClosed()) {
        throw new UncheckedIOException(e);
      }
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException(e);
    }
  }

  /** The matrix as the big-endian doubles the codec also sends, so raw and codec move identical payloads. */
  private static byte[] rawBytes(Matrix matrix) {
    int cols = matrix.getColumnDimension();
    ByteBuffer buf = ByteBuffer.allocate(matrix.getRowDimension() * cols * Double.BYTES);
    for (double[] row : matrix.getArray()) {
      buf.asDoubleBuffer().put(row, 0, cols);
      buf.position(buf.position() + cols * Double.BYTES);
    }
    return buf.array();
  }

  /**
   * Runs the benchmark and prints its table. Options: {@code --size N} (N x N, default 1000), {@code --warmup N}
   * (default 5), {@code --runs N} (default 11), {@code --csv FILE} (also write the samples).
   */
  public static void main(String[] args) throws IOException {
    int size = 1000;
    int warmups = 5;
    int runs = 11;
    Path csv = null;
    for (int i = 0; i < args.length; i++) {
      String value = i + 1 < args.length ? args[i + 1] : null;
      switch (args[i]) {
        case "--size" -> size = Integer.parseInt(requireValue(args[i], value));
        case "--warmup" -> warmups = Integer.parseInt(requireValue(args[i], value));
        case "--runs" -> runs = Integer.parseInt(requireValue(args[i], value));
        case "--csv" -> csv = Path.of(requireValue(args[i], value));
        default ->
          throw new IllegalArgumentException("unknown option " + args[i]
              + "; usage: CodecThroughput [--size N] [--warmup N] [--runs N] [--csv FILE]; got "
              + Arrays.toString(args));
      }
      i++;
    }
    Result result = run(size, size, warmups, runs);
    result.print(System.out);
    if (csv != null) {
      result.writeCsv(csv);
      System.out.println("samples written to " + csv);
    }
  }

  private static String requireValue(String option, String value) {
    if (value == null) {
      throw new IllegalArgumentException(option + " needs a value");
    }
    return value;
  }
}
