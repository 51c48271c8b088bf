package org.gridrmi.runtime.wire;

import java.io.Serializable;

/**
 * An owner's answer to a holder's renewal: the lease granted, and whether what the owner holds for that holder agrees
 * with what the holder said it holds ({@link HeldDigest}), with the owner's digest. Constant in size, however many
 * values the holder holds. Only the holder can tell whether a difference is expected (its holds or releases were on
 * their way meanwhile) or calls for a repair (see docs/reference-counting.md).
 *
 * @param leaseMillis how long the holder's lease lasts from now, in milliseconds
 * @param agrees whether the owner's digest equals the one the renewal carried
 * @param held what the owner's holder index says this holder holds there
 */
public record Renewal(long leaseMillis, boolean agrees, HeldDigest held) implements Serializable {
  private static final long serialVersionUID = 1L;

  public Renewal {
    if (held == null) throw new IllegalArgumentException("held must not be null");
  }
}
