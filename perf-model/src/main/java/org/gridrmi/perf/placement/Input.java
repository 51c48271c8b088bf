package org.gridrmi.perf.placement;

import java.util.Map;

/**
 * An argument of a call to be placed, as the model sees it.
 *
 * @param owner the node that holds it, or will ({@code rmi://host:port}; the client's own node for a value it put)
 * @param bytes its size, or NaN if unknown
 * @param readyAt when it exists, seconds on the schedule's clock (now for a value that exists)
 * @param inBatch whether it travels inside the batch of the call (a small value the client put) rather than being
 *     fetched by the server from its owner
 * @param copies servers that hold a copy, or will, and from when (a put value pushed there, a value fetched there for
 *     an earlier call, which the server keeps as a replica): there it costs nothing
 */
public record Input(
    String owner, double bytes, double readyAt, boolean inBatch, Map<String, Double> copies) {
  public Input {
    copies = Map.copyOf(copies);
  }

  /** An argument only its owner holds. */
  public static Input at(String owner, double bytes, double readyAt) {
    return new Input(owner, bytes, readyAt, false, Map.of());
  }

  /** The same argument with copies on these servers from these times. */
  public Input withCopies(Map<String, Double> where) {
    return new Input(owner, bytes, readyAt, inBatch, where);
  }

  /** Whether it is on {@code server} already (or will be, where it is made). */
  boolean isAt(String server) {
    return owner.equals(server) || copies.containsKey(server);
  }

  /** Its size for the transfer term: 0 where unknown (only the link's startup is counted). */
  double knownBytes() {
    return Double.isNaN(bytes) ? 0 : bytes;
  }
}
