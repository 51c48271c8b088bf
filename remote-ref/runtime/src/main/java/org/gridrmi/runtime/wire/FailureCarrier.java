package org.gridrmi.runtime.wire;

/** Carries a stored {@link Failure} through a CompletableFuture; no stack trace, it is data. */
public final class FailureCarrier extends RuntimeException {
  private static final long serialVersionUID = 1L;
  private final transient Failure failure;

  public FailureCarrier(Failure failure) {
    super(failure.message(), null, false, false);
    this.failure = failure;
  }

  public Failure failure() {
    return failure;
  }

  /** The failure behind any exception a value future completed with. */
  public static Failure unwrap(Throwable t, String site) {
    Throwable c = t;
    while ((c instanceof java.util.concurrent.CompletionException
            || c instanceof java.util.concurrent.ExecutionException)
        && c.getCause() != null) {
      c = c.getCause();
    }
    if (c instanceof FailureCarrier fc) return fc.failure();
    if (c instanceof java.util.concurrent.CancellationException) {
      return Failure.of(org.gridrmi.ref.Status.CANCELLED, "cancelled", null, site);
    }
    return Failure.from(c, site);
  }
}
