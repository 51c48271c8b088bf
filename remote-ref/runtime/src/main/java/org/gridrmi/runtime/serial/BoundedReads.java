package org.gridrmi.runtime.serial;

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
  public static int length(DataInput in, long elementBytes, long limit, String what)
      throws IOException {
    int n = in.readInt();
    if (n < 0 || (long) n * elementBytes > limit) {
      throw overLimit(what + " claims " + n + " elements of " + elementBytes
          + " bytes: over the limit of " + limit + " bytes");
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

  /** A refusal of a size over the limits: RESOURCE_EXHAUSTED once unwrapped by {@link SerialFilters#refusal}. */
  public static java.io.InvalidObjectException overLimit(String message) {
    java.io.InvalidObjectException e = new java.io.InvalidObjectException(message);
    e.initCause(new GridException(Status.RESOURCE_EXHAUSTED, message));
    return e;
  }
}
