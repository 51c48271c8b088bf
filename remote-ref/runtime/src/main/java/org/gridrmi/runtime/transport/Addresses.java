package org.gridrmi.runtime.transport;

import java.net.URI;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/** Node addresses: {@code rmi://host:port} over RMI, {@code inproc://name} in process. */
public final class Addresses {
  /** What a malformed address is told it should have been. */
  public static final String EXPECTED =
      "expected rmi://HOST:PORT of a server, or jini://HOST:PORT of a lookup service";

  private Addresses() {}

  /**
   * Parses {@code rmi://host:port}.
   *
   * @throws GridException INVALID_ARGUMENT naming the address and the expected forms
   */
  public static URI rmi(String address) {
    URI uri;
    try {
      uri = URI.create(address);
    } catch (IllegalArgumentException | NullPointerException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "malformed address '" + address + "': " + EXPECTED);
    }
    if (!"rmi".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() <= 0) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "malformed address '" + address + "': " + EXPECTED);
    }
    return uri;
  }
}
