package org.gridrmi.runtime.net;

/**
 * The bytes a remote call moves on the calling thread, so that the call can be a sample of its link's cost: RMI
 * writes a call and reads its answer on the caller's thread, through {@link MeteredSocket}, which adds what it moves
 * here, and the round trips it made (a read after a write). A sample is one round trip: a call that opened a
 * connection (its handshakes) or made more (JRMP pings a connection idle for a while before using it) is none.
 * Nothing is counted on threads not {@linkplain #measure measuring}.
 */
public final class CallTraffic {
  private static final ThreadLocal<long[]> CURRENT =
      new ThreadLocal<>(); // {bytes, connections, trips, writing}

  private CallTraffic() {}

  /**
   * What a measured call moved.
   *
   * @param connected it opened a connection
   * @param roundTrips how many times it read after writing
   */
  public record Sample(long bytes, long nanos, boolean connected, long roundTrips) {
    /** Whether it is a sample of one round trip on an open connection. */
    public boolean oneRoundTrip() {
      return !connected && roundTrips == 1;
    }
  }

  /** Something that may throw. */
  @FunctionalInterface
  public interface Call<T, E extends Exception> {
    T run() throws E;
  }

  /**
   * Runs {@code call} and gives {@code sink} what it moved once it returned normally (a failed call is no sample).
   * Nested measurements count into the innermost only.
   */
  public static <T, E extends Exception> T measure(
      java.util.function.Consumer<Sample> sink, Call<T, E> call) throws E {
    long[] outer = CURRENT.get();
    long[] mine = new long[4];
    CURRENT.set(mine);
    long start = System.nanoTime();
    T result;
    try {
      result = call.run();
    } finally {
      if (outer == null) CURRENT.remove();
      else CURRENT.set(outer);
    }
    sink.accept(new Sample(mine[0], System.nanoTime() - start, mine[1] > 0, mine[2]));
    return result;
  }

  static void sent(long bytes) {
    long[] m = CURRENT.get();
    if (m == null) return;
    m[0] += bytes;
    m[3] = 1;
  }

  static void received(long bytes) {
    long[] m = CURRENT.get();
    if (m == null) return;
    m[0] += bytes;
    if (m[3] == 1) m[2]++; // the first read after a write: an answer, one round trip more
    m[3] = 0;
  }

  static void connected() {
    long[] m = CURRENT.get();
    if (m != null) m[1]++;
  }
}
