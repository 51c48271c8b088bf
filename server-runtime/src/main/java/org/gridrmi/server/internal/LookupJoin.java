package org.gridrmi.server.internal;

import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.gridrmi.lookup.JiniUrls;
import org.gridrmi.lookup.LookupRegistration;
import org.gridrmi.lookup.ServerRecord;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.LocalNode;

/** How a server joins a Jini lookup service. */
public final class LookupJoin {
  private LookupJoin() {}

  /**
   * Refuses, before anything starts, a lookup address that is not {@code jini://HOST[:PORT]} or a server that could
   * not join it (one on an in-process network).
   *
   * @throws GridException INVALID_ARGUMENT naming what is wrong
   */
  public static void check(String lookup, String server, boolean inProcess) {
    if (inProcess) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "server " + server + " is on an in-process network: it cannot "
              + "join a Jini lookup service");
    }
    try {
      JiniUrls.parse(lookup);
    } catch (IllegalArgumentException e) {
      throw new GridException(Status.INVALID_ARGUMENT, e.getMessage(), e);
    }
  }

  /**
   * Registers every exported service of {@code node} with the lookup service, under a lease renewed until the
   * registration is closed, each under a proxy implementing its interface (plain calls through the server's gateway),
   * so Jini clients find it by type.
   *
   * @throws GridException UNAVAILABLE if the registration cannot even start (the lookup service not answering is
   *     not that: registration retries in the background)
   */
  public static LookupRegistration join(
      LocalNode node,
      List<Class<?>> interfaces,
      List<String> services,
      String lookup,
      Duration lease) {
    ServerRecord server = new ServerRecord(node.name(), node.address(), services, Map.of());
    try {
      Map<String, Object> proxies = node.lookupProxies(interfaces);
      return LookupRegistration.join(URI.create(lookup), proxies, server, lease);
    } catch (RuntimeException e) {
      throw new GridException(
          Status.UNAVAILABLE,
          "server " + node.name() + " cannot join the lookup service " + lookup + ": "
              + e.getMessage(),
          e);
    }
  }
}
