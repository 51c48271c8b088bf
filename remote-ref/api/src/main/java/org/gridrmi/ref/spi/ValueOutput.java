package org.gridrmi.ref.spi;

import java.io.DataOutput;
import java.io.IOException;

/**
 * Where a {@link ValueCodec} writes a value: a {@link DataOutput} that also takes whole runs of primitives at once.
 * The bulk methods write each element in little-endian order (the native order of x86 and ARM, so on those machines
 * a run is one memory copy into the stream's current chunk); the {@code DataOutput} methods keep their big-endian
 * contract. Which chunking sits behind it depends on the path: GridRMI's data connections send chunks of a few
 * hundred kilobytes as they fill, so a value of any size is never whole in a {@code byte[]}.
 */
public interface ValueOutput extends DataOutput {
  /** Writes {@code len} doubles of {@code a} from {@code off}, their IEEE 754 bits exactly (NaN payloads too). */
  void writeDoubles(double[] a, int off, int len) throws IOException;

  void writeFloats(float[] a, int off, int len) throws IOException;

  void writeInts(int[] a, int off, int len) throws IOException;

  void writeLongs(long[] a, int off, int len) throws IOException;

  /**
   * {@code out} itself if it is a {@code ValueOutput}, else a view that converts runs through a small buffer and
   * writes them to {@code out} (for callers that hold a plain {@code DataOutput}, such as a Java serialization
   * stream).
   */
  static ValueOutput of(DataOutput out) {
    return out instanceof ValueOutput v ? v : new ConvertingOutput(out);
  }
}
