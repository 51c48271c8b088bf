package org.gridrmi.runtime.store;

import java.util.concurrent.atomic.LongAdder;
import org.gridrmi.runtime.wire.Release;

/** How many holds on a node's values ended, by cause; and the leases that keep them, renewed and lapsed. */
public final class ReleaseCounts {
  final LongAdder renewals = new LongAdder();
  final LongAdder leasesLapsed = new LongAdder();
  final LongAdder explicit = new LongAdder();
  final LongAdder collected = new LongAdder();
  final LongAdder lapsed = new LongAdder();
  final LongAdder borrowDone = new LongAdder();

  void count(Release.Cause c) {
    (c == Release.Cause.COLLECTED ? collected : explicit).increment();
  }

  /** Holds released by their holder: {@code release()}, a scope, a Grid closed. */
  public long explicit() {
    return explicit.sum();
  }
  /** Holds released because the holder's last reference object was garbage collected. */
  public long collected() {
    return collected.sum();
  }
  /** Holds (and borrows) that ended because their lease was not renewed in time. */
  public long lapsed() {
    return lapsed.sum();
  }
  /** Lease renewals received from holders. */
  public long renewals() {
    return renewals.sum();
  }
  /** Holders whose lease lapsed (each ended all its holds here). */
  public long leasesLapsed() {
    return leasesLapsed.sum();
  }
  /** Borrows that ended because their borrower fetched the value. */
  public long borrowDone() {
    return borrowDone.sum();
  }
}
