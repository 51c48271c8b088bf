package org.gridrmi.ref.spi;

import java.io.DataInput;
import java.io.IOException;

/**
 * Where a {@link ValueCodec} reads a value from: a {@link DataInput} that also reads whole runs of primitives, in
 * the order {@link ValueOutput} writes them (little-endian).
 *
 * <p>The {@code read...(int n)} methods return a new array of {@code n} elements. A GridRMI stream (a batch, an RMI
 * answer, a data connection beyond its node's admission bound) grows the array as the data arrives, so a header that
 * claims a gigabyte and then goes silent costs kilobytes; a data connection allocates it whole while the arrays its
 * node allocated so and has not yet filled stay within a quarter of the heap. A codec checks the length against its
 * limits before it calls them.
 */
public interface ValueInput extends DataInput {
  void readDoubles(double[] a, int off, int len) throws IOException;

  void readFloats(float[] a, int off, int len) throws IOException;

  void readInts(int[] a, int off, int len) throws IOException;

  void readLongs(long[] a, int off, int len) throws IOException;

  /** A new array of the next {@code n} doubles. */
  default double[] readDoubles(int n) throws IOException {
    return Growing.read(n, Double.BYTES, double[]::new, this::readDoubles);
  }

  default float[] readFloats(int n) throws IOException {
    return Growing.read(n, Float.BYTES, float[]::new, this::readFloats);
  }

  default int[] readInts(int n) throws IOException {
    return Growing.read(n, Integer.BYTES, int[]::new, this::readInts);
  }

  default long[] readLongs(int n) throws IOException {
    return Growing.read(n, Long.BYTES, long[]::new, this::readLongs);
  }

  default byte[] readBytes(int n) throws IOException {
    return Growing.read(n, 1, byte[]::new, this::readFully);
  }

  /**
   * {@code in} itself if it is a {@code ValueInput}, else a view that reads runs through a small buffer (and grows
   * new arrays as their data arrives).
   */
  static ValueInput of(DataInput in) {
    return in instanceof ValueInput v ? v : new ConvertingInput(in);
  }
}
