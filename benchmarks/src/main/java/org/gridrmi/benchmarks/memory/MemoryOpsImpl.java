package org.gridrmi.benchmarks.memory;

import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/** {@link MemoryOps}: content computed from the index alone, so a client can check a sum without the value. */
public class MemoryOpsImpl implements MemoryOps {
  /** The largest value {@link #make} makes: a benchmark value, not a test of how large arrays may get. */
  public static final int MAX_BYTES = 512 << 20;

  @Override
  public byte[] make(int bytes) {
    if (bytes < 0 || bytes > MAX_BYTES) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "make(" + bytes + "): size out of range 0.." + MAX_BYTES + " bytes");
    }
    byte[] b = new byte[bytes];
    for (int i = 0; i < bytes; i++) b[i] = content(i);
    return b;
  }

  @Override
  public long sum(byte[] v) {
    long s = 0;
    for (byte x : v) s += x & 0xff;
    return s;
  }

  /** The byte at {@code index} of every value {@link #make} makes: not constant, so no layer can shortcut it. */
  public static byte content(int index) {
    return (byte) (index ^ (index >>> 8) ^ (index >>> 16));
  }

  /** What {@code sum(make(bytes))} must return, computed without making the value. */
  public static long expectedSum(int bytes) {
    long s = 0;
    for (int i = 0; i < bytes; i++) s += content(i) & 0xff;
    return s;
  }
}
