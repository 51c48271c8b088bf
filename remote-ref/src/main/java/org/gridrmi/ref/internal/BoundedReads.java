package org.gridrmi.ref.internal;

import java.io.DataInput;
import java.io.IOException;
import java.util.Arrays;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * Reading sized data from a stream without trusting the size: a length beyond the limits is refused at once, and a
 * plausible one is still never allocated ahead of the data. The buffer grows as bytes arrive, so a header that
 * claims 2 GB and then goes silent costs a few kilobytes, not 2 GB.
 */
public final class BoundedReads {
  /** The first buffer, and how much is read before the buffer may double. */
  static final int FIRST_CHUNK = 64 * 1024;

  private BoundedReads() {}

  /**
   * A length read from {@code in}, checked: not negative, and at most {@code limit} bytes once multiplied by
   * {@code elementBytes}.
   *
   * @throws java.io.InvalidObjectException carrying a RESOURCE_EXHAUSTED refusal (found by {@link SerialFilters#refusal})
   */
  public static int length(DataInput in, long elementBytes, long limit, String what) throws IOException {
    int n = in.readInt();
    if (n < 0 || (long) n * elementBytes > limit) {
      java.io.InvalidObjectException e = new java.io.InvalidObjectException(what + " of " + n + " elements refused");
      e.initCause(new GridException(Status.RESOURCE_EXHAUSTED, what + " claims " + n + " elements of " + elementBytes
          + " bytes: over the limit of " + limit + " bytes"));
      throw e;
    }
    return n;
  }

  /** Exactly {@code n} bytes from {@code in}, in a buffer that grows as they arrive. */
  public static byte[] bytes(DataInput in, int n) throws IOException {
    byte[] b = new byte[Math.min(n, FIRST_CHUNK)];
    int filled = 0;
    while (filled < n) {
      if (filled == b.length) b = Arrays.copyOf(b, (int) Math.min(n, 2L * b.length));
      int chunk = b.length - filled;
      in.readFully(b, filled, chunk);
      filled += chunk;
    }
    return b;
  }

  /** Exactly {@code n} doubles, as {@link #bytes} reads bytes. */
  public static double[] doubles(DataInput in, int n) throws IOException {
    double[] d = new double[Math.min(n, FIRST_CHUNK / 8)];
    for (int i = 0; i < n; i++) {
      if (i == d.length) d = Arrays.copyOf(d, (int) Math.min(n, 2L * d.length));
      d[i] = in.readDouble();
    }
    return d;
  }
}
