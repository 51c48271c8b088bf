package org.gridrmi.client;

/**
 * Releases every reference the Grid made on this thread while the scope was open: results of async calls and
 * values put. Values already fetched with {@code get()} stay valid. Scopes nest; close them in reverse order
 * (try-with-resources does).
 */
public interface GridScope extends AutoCloseable {
  /** Releases what the scope collected; never throws, never blocks on the network. */
  @Override
  void close();
}
