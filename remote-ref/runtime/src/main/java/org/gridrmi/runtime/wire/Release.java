package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.List;
import java.util.UUID;

/**
 * A holder lets go of one value. If it lent the value to other servers (passed its reference to their calls), it names
 * them: the owner keeps the value for each of them until it has fetched it, so a borrower never finds it gone (the
 * lender's release needs no round trip to the borrowers first). Each is named by its address and the node id its
 * batch reached there, so that a server restarted at the same address is kept the value for even if its earlier life
 * had fetched it.
 *
 * @param id the value
 * @param cause why: the holder released it, or its last reference was garbage collected
 * @param borrowers the servers the holder lent it to (each process that accepted a call taking it)
 * @param borrowMillis how long, from now, the borrowers may still need it at the most: the time left of the calls
 *     they took it for (a server fails a call at its deadline, and stops its fetches), or 0 if one of those has no
 *     deadline; the owner keeps it for them no longer than that, nor than a lease. A borrower cut off from the owner
 *     cannot say that it no longer waits.
 */
public record Release(UUID id, Cause cause, List<Borrower> borrowers, long borrowMillis)
    implements Serializable {
  private static final long serialVersionUID = 2L;

  /** Why a value is let go, as the owner counts releases. */
  public enum Cause {
    EXPLICIT,
    COLLECTED
  }

  public Release {
    borrowers = List.copyOf(borrowers);
    if (borrowMillis < 0)
      throw new IllegalArgumentException("borrowMillis must not be negative: " + borrowMillis);
  }

  /** A release whose borrowers (if any) may need the value for as long as a lease. */
  public Release(UUID id, Cause cause, List<Borrower> borrowers) {
    this(id, cause, borrowers, 0);
  }

  public static Release explicit(UUID id) {
    return new Release(id, Cause.EXPLICIT, List.of());
  }
}
