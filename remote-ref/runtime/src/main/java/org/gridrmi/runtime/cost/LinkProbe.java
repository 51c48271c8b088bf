package org.gridrmi.runtime.cost;

import java.util.UUID;

/**
 * A short calibration of one link where no traffic has taught its cost yet: a few fetches of small probe values and
 * one of a larger one ({@code NodeClient.probeLink}), over the same path as any value (a data connection), so each is
 * a sample of the link as a real fetch is. A probe value is made by the node it is fetched from, from its id alone
 * ({@link #value}): nothing is stored, and no value id a node hands out can be one (those are 128 random bits; these
 * have a fixed first half). Here only the ids: this package is below the transport that fetches them.
 */
public final class LinkProbe {
  /** Small fetches: the per-message cost. */
  public static final int SMALL = 3;

  public static final int SMALL_BYTES = 64;
  /** One larger fetch: the per-byte cost (the slope needs sizes that differ by more than 32 KB). */
  public static final int LARGE_BYTES = 256 * 1024;
  /** The largest probe value a node makes. */
  static final int MAX_BYTES = 1 << 20;

  private static final long MARK = 0x4752_4944_5052_4f42L; // "GRIDPROB"

  private LinkProbe() {}

  /** The id of a probe value of {@code bytes} bytes. */
  public static UUID id(int bytes) {
    return new UUID(MARK, bytes);
  }

  /** Whether {@code id} names a probe value. */
  public static boolean isProbe(UUID id) {
    return id.getMostSignificantBits() == MARK;
  }

  /** The probe value {@code id} names: that many bytes (at most {@value #MAX_BYTES}), all zero. */
  public static byte[] value(UUID id) {
    long n = id.getLeastSignificantBits();
    return new byte[(int) Math.max(0, Math.min(MAX_BYTES, n))];
  }
}
