package org.gridrmi.runtime.internal.data;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import java.nio.FloatBuffer;
import java.nio.IntBuffer;
import java.nio.LongBuffer;

/**
 * Little-endian views of a chunk's whole array, one per byte offset modulo the element size, made once: element
 * {@code i} of the view for offset {@code k} is at byte {@code k + i * size}, so a run of primitives at any position
 * is one absolute bulk copy with no view made for it. A view made per copy (with a lambda holding the target array)
 * was most of what a fetch thread allocated besides the values themselves, and on a G1 heap whose TLABs had shrunk
 * after a few 256 MB values those small allocations made an 8 MB Matrix (a copy per row) arrive three to four times
 * slower (docs/performance.md).
 */
final class ChunkViews {
  private final DoubleBuffer[] doubles = new DoubleBuffer[Double.BYTES];
  private final FloatBuffer[] floats = new FloatBuffer[Float.BYTES];
  private final IntBuffer[] ints = new IntBuffer[Integer.BYTES];
  private final LongBuffer[] longs = new LongBuffer[Long.BYTES];

  ChunkViews(byte[] chunk) {
    for (int k = 0; k < Long.BYTES; k++) {
      doubles[k] = from(chunk, k).asDoubleBuffer();
      longs[k] = from(chunk, k).asLongBuffer();
      if (k < Integer.BYTES) {
        floats[k] = from(chunk, k).asFloatBuffer();
        ints[k] = from(chunk, k).asIntBuffer();
      }
    }
  }

  private static ByteBuffer from(byte[] chunk, int k) {
    return ByteBuffer.wrap(chunk, k, chunk.length - k).slice().order(ByteOrder.LITTLE_ENDIAN);
  }

  // element i of the view for offset k is at byte k + i * size: the run at byte p is in view p %
  // size, from p / size

  /** Copies {@code n} doubles from byte {@code position} of the chunk into {@code a} at {@code off}. */
  void get(int position, double[] a, int off, int n) {
    doubles[position % Double.BYTES].get(position / Double.BYTES, a, off, n);
  }

  void get(int position, float[] a, int off, int n) {
    floats[position % Float.BYTES].get(position / Float.BYTES, a, off, n);
  }

  void get(int position, int[] a, int off, int n) {
    ints[position % Integer.BYTES].get(position / Integer.BYTES, a, off, n);
  }

  void get(int position, long[] a, int off, int n) {
    longs[position % Long.BYTES].get(position / Long.BYTES, a, off, n);
  }

  /** Copies {@code n} doubles of {@code a} from {@code off} into the chunk at byte {@code position}. */
  void put(int position, double[] a, int off, int n) {
    doubles[position % Double.BYTES].put(position / Double.BYTES, a, off, n);
  }

  void put(int position, float[] a, int off, int n) {
    floats[position % Float.BYTES].put(position / Float.BYTES, a, off, n);
  }

  void put(int position, int[] a, int off, int n) {
    ints[position % Integer.BYTES].put(position / Integer.BYTES, a, off, n);
  }

  void put(int position, long[] a, int off, int n) {
    longs[position % Long.BYTES].put(position / Long.BYTES, a, off, n);
  }
}
