package org.gridrmi.lookup;

import java.util.List;
import java.util.Map;

/**
 * What a GridRMI server tells the lookup service about itself.
 *
 * @param name a human-readable server name, such as {@code S1}
 * @param host the host clients reach it at
 * @param endpoint its RMI endpoint, {@code rmi://host:port}
 * @param services fully qualified names of the Java interfaces it offers (at least one); each is
 *     registered separately, so a client can look up by any of them
 * @param attributes free-form static attributes (zone, owner, ...), published as
 *     {@link org.gridrmi.lookup.entry.GridAttribute} entries
 */
public record ServerDescriptor(String name, String host, String endpoint, List<String> services,
    Map<String, String> attributes) {

  /** Checks every field and copies the collections; throws IllegalArgumentException naming the field. */
  public ServerDescriptor {
    require(name, "name");
    require(host, "host");
    require(endpoint, "endpoint");
    if (!endpoint.startsWith("rmi://")) {
      throw new IllegalArgumentException("endpoint must be rmi://host:port, not '" + endpoint + "'");
    }
    if (services == null || services.isEmpty()) {
      throw new IllegalArgumentException("a server must offer at least one service type");
    }
    services.forEach(s -> require(s, "service type name"));
    services = List.copyOf(services);
    attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
  }

  /** A descriptor without free-form attributes. */
  public ServerDescriptor(String name, String host, int port, List<String> services) {
    this(name, host, "rmi://" + host + ":" + port, services, Map.of());
  }

  private static void require(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(what + " must not be empty");
    }
  }
}
