package org.gridrmi.ref.internal.net;

/**
 * The bytes a remote call moves on the calling thread, so that the call can be a sample of its link's cost: RMI
 * writes a call and reads its answer on the caller's thread, through {@link MeteredSocket}, which adds what it moves
 * here. A call that opened a connection is no sample (its time includes the connection's own handshakes). Nothing is
 * counted on threads not {@linkplain #measure measuring}.
 */
public final class CallTraffic {
  private static final ThreadLocal<long[]> CURRENT = new ThreadLocal<>(); // {bytes, connections opened}

  private CallTraffic() {}

  /** What a measured call moved. */
  public record Sample(long bytes, long nanos, boolean connected) {}

  /** Something that may throw. */
  @FunctionalInterface
  public interface Call<T, E extends Exception> {
    T run() throws E;
  }

  /**
   * Runs {@code call} and gives {@code sink} what it moved once it returned normally (a failed call is no sample).
   * Nested measurements count into the innermost only.
   */
  public static <T, E extends Exception> T measure(java.util.function.Consumer<Sample> sink, Call<T, E> call)
      throws E {
    long[] outer = CURRENT.get();
    long[] mine = new long[2];
    CURRENT.set(mine);
    long start = System.nanoTime();
    T result;
    try {
      result = call.run();
    } finally {
      if (outer == null) CURRENT.remove();
      else CURRENT.set(outer);
    }
    sink.accept(new Sample(mine[0], System.nanoTime() - start, mine[1] > 0));
    return result;
  }

  static void moved(long bytes) {
    long[] m = CURRENT.get();
    if (m != null) m[0] += bytes;
  }

  static void connected() {
    long[] m = CURRENT.get();
    if (m != null) m[1]++;
  }
}
