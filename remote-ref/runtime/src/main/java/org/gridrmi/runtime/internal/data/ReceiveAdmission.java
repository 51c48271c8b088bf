package org.gridrmi.runtime.internal.data;

import java.util.concurrent.atomic.AtomicLong;

/**
 * The receiver's admission control for arrays arriving on its data connections: a node-wide bound on the bytes of
 * arrays allocated whole before their data arrived. A fetched value's array is allocated at its claimed length, and
 * its data copied straight into it, when the claim fits in what is left of the bound; otherwise it grows as its data
 * arrives ({@link org.gridrmi.ref.spi.ValueInput}), as every other stream does.
 *
 * <p>Why: growing an 8 MB {@code double[]} from 64 KB allocates and copies another 4 MB on the fetch thread while the
 * owner's data waits in the socket, which cost a lazy 8 MB move about a tenth of its time (docs/performance.md). Why a
 * bound: an owner that claims an array and then sends nothing holds what it claimed until its fetch's stall bound
 * fails it, so all owners together hold at most the bound, as Ray's pull manager bounds the bytes being pulled. The
 * admission ends when the array is complete (its bytes then arrived) or its read fails. Thread-safe.
 */
final class ReceiveAdmission {
  /** Admits nothing: every array grows as it arrives. */
  static final ReceiveAdmission NONE = new ReceiveAdmission(0);

  /**
   * Arrays up to this size are allocated whole anyway: the first step of growing is this large ({@code
   * Growing.FIRST_BYTES}, package-private in the API's {@code spi} package).
   */
  static final int SMALL_BYTES = 64 * 1024;

  private final long limit;
  private final AtomicLong admitted = new AtomicLong();

  /** @param limit bytes of arrays that may be allocated ahead of their data at once, over all connections */
  ReceiveAdmission(long limit) {
    this.limit = limit;
  }

  /** The bound a node uses: a quarter of the heap this JVM may grow to. */
  static ReceiveAdmission forThisJvm() {
    return new ReceiveAdmission(Runtime.getRuntime().maxMemory() / 4);
  }

  /** Admits an array of {@code bytes} if it fits in what is left; the caller {@link #release}s it after the read. */
  boolean tryAdmit(long bytes) {
    for (long now = admitted.get(); ; now = admitted.get()) {
      if (bytes > limit - now) return false;
      if (admitted.compareAndSet(now, now + bytes)) return true;
    }
  }

  void release(long bytes) {
    admitted.addAndGet(-bytes);
  }

  /** Bytes admitted and not yet released. */
  long admitted() {
    return admitted.get();
  }
}
