package org.gridrmi.client;

import java.io.Serializable;
import java.util.List;
import java.util.Map;

/**
 * A server as the client sees it: what {@link Grid#servers()} lists. Made from the lookup service's record of the
 * server, or, for a server given by address, from the server's own answer.
 *
 * @param name the server's name, such as {@code S1}
 * @param address {@code rmi://host:port}
 * @param services the service interfaces it exports, by fully qualified name
 * @param attributes what its lookup registration says of it (host, cores, free memory, load, version); empty for
 *     a server connected to by address
 */
public record ServerInfo(
    String name, String address, List<String> services, Map<String, String> attributes)
    implements Serializable {

  /** True if the server exports this service interface. */
  public boolean offers(Class<?> service) {
    return services.contains(service.getName());
  }

  /** The load its registration reports, 0 if none (or not a number): the least loaded server is picked first. */
  double load() {
    try {
      return Double.parseDouble(attributes.getOrDefault("load", "0"));
    } catch (NumberFormatException e) {
      return 0;
    }
  }
}
