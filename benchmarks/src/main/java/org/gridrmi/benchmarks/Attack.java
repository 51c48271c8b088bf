package org.gridrmi.benchmarks;

/**
 * One attack of {@code bench hostile}: what it does, and how it ended.
 *
 * @param phase "raw" (a peer with sockets, codecs and a transport of its own, no secret) or "grid" (a client of the
 *     Grid)
 * @param name what it sends, in a few words
 * @param body sends it; what it returns says whether the servers refused it
 */
record Attack(String phase, String name, Body body) {
  /** What an attack does. */
  @FunctionalInterface
  interface Body {
    Outcome run() throws Exception;
  }

  /**
   * How an attack ended.
   *
   * @param refused whether the servers refused it (a refusal status, a closed connection, a value left intact)
   * @param status the status it was refused with, or what happened instead
   * @param held what the attack still holds open (a stalled call), closed once the servers' heap is read; or null
   */
  record Outcome(boolean refused, String status, AutoCloseable held) {
    static Outcome of(boolean refused, String status) {
      return new Outcome(refused, status, null);
    }
  }
}
