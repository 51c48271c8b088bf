package org.gridrmi.client.internal.placement;

import java.util.List;

/**
 * An argument of a call to be placed, as the model sees it.
 *
 * @param owner the node that holds it, or will ({@code rmi://host:port}; the client's own node for a value it put)
 * @param bytes its size, or NaN if unknown
 * @param readyAt when it exists, seconds on the schedule's clock (now for a value that exists)
 * @param inBatch whether it travels inside the batch of the call (a small value the client put) rather than being
 *     fetched by the server from its owner
 * @param copies servers that already hold a copy (a put value pushed there before): there it costs nothing
 */
public record Input(String owner, double bytes, double readyAt, boolean inBatch, List<String> copies) {
  public Input {
    copies = List.copyOf(copies);
  }

  /** An argument only its owner holds. */
  public static Input at(String owner, double bytes, double readyAt) {
    return new Input(owner, bytes, readyAt, false, List.of());
  }

  /** Whether it is on {@code server} already (or will be, where it is made). */
  boolean isAt(String server) {
    return owner.equals(server) || copies.contains(server);
  }

  /** Its size for the transfer term: 0 where unknown (only the link's startup is counted). */
  double knownBytes() {
    return Double.isNaN(bytes) ? 0 : bytes;
  }
}
