package org.gridrmi.runtime.serial;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import org.gridrmi.ref.spi.ValueCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;

/**
 * Codecs for the JDK values GridRMI moves most (arrays of primitives, numbers, strings): written as their bytes, so a
 * value pays for no Java serialization stream of its own, arrays move in bulk (one memory copy per chunk, see
 * {@link ValueOutput}), and nothing in them needs a filter. An array's length is checked against the reading
 * instance's limits before anything is allocated.
 */
public final class JdkCodecs {
  private JdkCodecs() {}

  static int checkedLength(ValueInput in, long elementBytes) throws IOException {
    return BoundedReads.length(
        in, elementBytes, SerialPolicy.current().limits().maxBytes(), "a value");
  }

  /** {@code byte[]}. */
  public static final class Bytes implements ValueCodec<byte[]> {
    @Override
    public Class<byte[]> type() {
      return byte[].class;
    }

    @Override
    public String id() {
      return "jdk.bytes";
    }

    @Override
    public void write(byte[] v, ValueOutput out) throws IOException {
      out.writeInt(v.length);
      out.write(v);
    }

    @Override
    public byte[] read(ValueInput in) throws IOException {
      return in.readBytes(checkedLength(in, 1));
    }

    @Override
    public long size(byte[] v) {
      return 4L + v.length;
    }
  }

  /** {@code double[]}. */
  public static final class Doubles implements ValueCodec<double[]> {
    @Override
    public Class<double[]> type() {
      return double[].class;
    }

    @Override
    public String id() {
      return "jdk.doubles";
    }

    @Override
    public void write(double[] v, ValueOutput out) throws IOException {
      out.writeInt(v.length);
      out.writeDoubles(v, 0, v.length);
    }

    @Override
    public double[] read(ValueInput in) throws IOException {
      return in.readDoubles(checkedLength(in, Double.BYTES));
    }

    @Override
    public long size(double[] v) {
      return 4L + 8L * v.length;
    }
  }

  /** {@code float[]}. */
  public static final class Floats implements ValueCodec<float[]> {
    @Override
    public Class<float[]> type() {
      return float[].class;
    }

    @Override
    public String id() {
      return "jdk.floats";
    }

    @Override
    public void write(float[] v, ValueOutput out) throws IOException {
      out.writeInt(v.length);
      out.writeFloats(v, 0, v.length);
    }

    @Override
    public float[] read(ValueInput in) throws IOException {
      return in.readFloats(checkedLength(in, Float.BYTES));
    }

    @Override
    public long size(float[] v) {
      return 4L + 4L * v.length;
    }
  }

  /** {@code int[]}. */
  public static final class Ints implements ValueCodec<int[]> {
    @Override
    public Class<int[]> type() {
      return int[].class;
    }

    @Override
    public String id() {
      return "jdk.ints";
    }

    @Override
    public void write(int[] v, ValueOutput out) throws IOException {
      out.writeInt(v.length);
      out.writeInts(v, 0, v.length);
    }

    @Override
    public int[] read(ValueInput in) throws IOException {
      return in.readInts(checkedLength(in, 4));
    }

    @Override
    public long size(int[] v) {
      return 4L + 4L * v.length;
    }
  }

  /** {@code long[]}. */
  public static final class Longs implements ValueCodec<long[]> {
    @Override
    public Class<long[]> type() {
      return long[].class;
    }

    @Override
    public String id() {
      return "jdk.longs";
    }

    @Override
    public void write(long[] v, ValueOutput out) throws IOException {
      out.writeInt(v.length);
      out.writeLongs(v, 0, v.length);
    }

    @Override
    public long[] read(ValueInput in) throws IOException {
      return in.readLongs(checkedLength(in, 8));
    }

    @Override
    public long size(long[] v) {
      return 4L + 8L * v.length;
    }
  }

  /**
   * {@code double[][]}, rows of any length (a null row stays null): each row is one array, so the whole may pass
   * 2 GB. Every row's length is checked against the limits, and their sum against the reading JVM's heap, before the
   * row is allocated; the array of rows grows as they arrive. Rows shared by several indexes arrive as copies (Java
   * serialization would keep them shared), except rows of no elements, which all arrive as one shared empty row.
   */
  public static final class DoubleRows implements ValueCodec<double[][]> {
    private static final int FIRST_ROWS = 8192;
    private static final double[] EMPTY_ROW = new double[0];

    @Override
    public Class<double[][]> type() {
      return double[][].class;
    }

    @Override
    public String id() {
      return "jdk.double-rows";
    }

    @Override
    public void write(double[][] v, ValueOutput out) throws IOException {
      out.writeInt(v.length);
      for (double[] row : v) {
        out.writeInt(row == null ? -1 : row.length);
        if (row != null) out.writeDoubles(row, 0, row.length);
      }
    }

    @Override
    public double[][] read(ValueInput in) throws IOException {
      int rows = checkedLength(in, 4); // each row costs at least its length on the wire
      // the array of rows grows as rows arrive: a claim of 2^28 rows followed by silence must not
      // cost a gigabyte
      double[][] v = new double[Math.min(rows, FIRST_ROWS)][];
      long total = 0;
      long heap = Runtime.getRuntime().maxMemory();
      for (int i = 0; i < rows; i++) {
        if (i == v.length) v = java.util.Arrays.copyOf(v, (int) Math.min(rows, 2L * v.length));
        int n = in.readInt();
        if (n == -1) continue;
        if (n < 0) throw new IOException("row " + i + " of a double[][] claims " + n + " elements");
        total += 8L * n;
        if (total > heap) {
          throw BoundedReads.overLimit("a double[][] of " + rows
              + " rows passes this JVM's heap of " + heap + " bytes at row " + i);
        }
        if (8L * n > SerialPolicy.current().limits().maxBytes()) {
          throw BoundedReads.overLimit(
              "row " + i + " of a double[][] claims " + n + " elements: over the limit of "
                  + SerialPolicy.current().limits().maxBytes() + " bytes for one array");
        }
        // rows of no elements share one (nothing can be written into it): a new array each would
        // cost about five times the 4 bytes the row took on the wire
        v[i] = n == 0 ? EMPTY_ROW : in.readDoubles(n);
      }
      return v;
    }

    @Override
    public long size(double[][] v) {
      long s = 4;
      for (double[] row : v) s += 4 + (row == null ? 0 : 8L * row.length);
      return s;
    }
  }

  /** {@code String}, which may be longer than writeUTF allows. */
  public static final class Text implements ValueCodec<String> {
    @Override
    public Class<String> type() {
      return String.class;
    }

    @Override
    public String id() {
      return "jdk.string";
    }

    @Override
    public void write(String v, ValueOutput out) throws IOException {
      byte[] b = v.getBytes(StandardCharsets.UTF_8);
      out.writeInt(b.length);
      out.write(b);
    }

    @Override
    public String read(ValueInput in) throws IOException {
      return new String(in.readBytes(checkedLength(in, 1)), StandardCharsets.UTF_8);
    }
  }

  /** {@code Long}. */
  public static final class Int64 implements ValueCodec<Long> {
    @Override
    public Class<Long> type() {
      return Long.class;
    }

    @Override
    public String id() {
      return "jdk.long";
    }

    @Override
    public void write(Long v, ValueOutput out) throws IOException {
      out.writeLong(v);
    }

    @Override
    public Long read(ValueInput in) throws IOException {
      return in.readLong();
    }

    @Override
    public long size(Long v) {
      return 8;
    }
  }

  /** {@code Integer}. */
  public static final class Int32 implements ValueCodec<Integer> {
    @Override
    public Class<Integer> type() {
      return Integer.class;
    }

    @Override
    public String id() {
      return "jdk.int";
    }

    @Override
    public void write(Integer v, ValueOutput out) throws IOException {
      out.writeInt(v);
    }

    @Override
    public Integer read(ValueInput in) throws IOException {
      return in.readInt();
    }

    @Override
    public long size(Integer v) {
      return 4;
    }
  }

  /**
   * {@code Double}, its bits exactly: {@code DataOutput.writeDouble} would collapse every NaN to the canonical one
   * (it writes {@code doubleToLongBits}); the raw bits are the same bytes for every other value.
   */
  public static final class Float64 implements ValueCodec<Double> {
    @Override
    public Class<Double> type() {
      return Double.class;
    }

    @Override
    public String id() {
      return "jdk.double";
    }

    @Override
    public void write(Double v, ValueOutput out) throws IOException {
      out.writeLong(Double.doubleToRawLongBits(v));
    }

    @Override
    public Double read(ValueInput in) throws IOException {
      return Double.longBitsToDouble(in.readLong());
    }

    @Override
    public long size(Double v) {
      return 8;
    }
  }
}
