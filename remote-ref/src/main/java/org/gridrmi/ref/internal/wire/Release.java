package org.gridrmi.ref.internal.wire;

import java.io.Serializable;
import java.util.List;
import java.util.UUID;

/**
 * A holder lets go of one value. If it lent the value to other servers (passed its reference to their calls), it names
 * them: the owner keeps the value for each of them until it has fetched it, so a borrower never finds it gone (the
 * lender's release needs no round trip to the borrowers first).
 *
 * @param id the value
 * @param cause why: the holder released it, or its last reference was garbage collected
 * @param borrowers the addresses of the servers the holder lent it to
 */
public record Release(UUID id, Cause cause, List<String> borrowers) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** Why a value is let go, as the owner counts releases. */
  public enum Cause { EXPLICIT, COLLECTED }

  public Release {
    borrowers = List.copyOf(borrowers);
  }

  public static Release explicit(UUID id) {
    return new Release(id, Cause.EXPLICIT, List.of());
  }
}
