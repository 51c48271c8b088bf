package org.gridrmi.lookup;

import java.net.URI;
import java.util.List;
import java.util.Map;

/**
 * A GridRMI server as the lookup service knows it: what a server registers ({@link LookupRegistration#join}) and
 * what a {@link LookupDirectory} reads back, its registrations (one per service type) sharing one address merged.
 * The client's {@code org.gridrmi.client.ServerInfo} is made from it; lookup-service is below client-api, so it has a
 * record of its own.
 *
 * @param name a human-readable server name, such as {@code S1}
 * @param address where the server is called, {@code rmi://host:port}; identifies the server
 * @param services the fully qualified names of the Java interfaces it offers (at least one); each is registered
 *     separately, so a client can look up by any of them; sorted in a record a directory read
 * @param attributes registering: free-form static attributes (zone, owner, ...), published as
 *     {@link org.gridrmi.lookup.entry.GridAttribute} entries; read from a directory: every attribute as a string,
 *     the {@link LookupAttributes} keys plus the server's free-form ones
 * @param proxy read from a directory: the proxy it registered for the first of its service types (GridRMI servers
 *     register a proxy implementing each service's interface that holds their stub as bytes; GridRMI itself calls
 *     servers by their address); null
 *     in a record a server registers with, since {@code join} takes the proxies
 */
public record ServerRecord(
    String name,
    String address,
    List<String> services,
    Map<String, String> attributes,
    Object proxy) {

  /**
   * Checks every field and copies the collections (null attributes are none).
   *
   * @throws IllegalArgumentException naming the field: an empty name or service type name, an address that is not
   *     {@code rmi://host:port}, no service
   */
  public ServerRecord {
    require(name, "name");
    require(address, "address");
    if (!isAddress(address)) {
      throw new IllegalArgumentException("address must be rmi://host:port, not '" + address + "'");
    }
    if (services == null || services.isEmpty()) {
      throw new IllegalArgumentException("a server must offer at least one service type");
    }
    services.forEach(s -> require(s, "service type name"));
    services = List.copyOf(services);
    attributes = attributes == null ? Map.of() : Map.copyOf(attributes);
  }

  /** A record to register with: no proxy (see {@link LookupRegistration#join}). */
  public ServerRecord(
      String name, String address, List<String> services, Map<String, String> attributes) {
    this(name, address, services, attributes, null);
  }

  /** A record to register with, at {@code rmi://host:port}, without free-form attributes. */
  public ServerRecord(String name, String host, int port, List<String> services) {
    this(name, "rmi://" + host + ":" + port, services, Map.of(), null);
  }

  /** Whether {@code text} is a server address, {@code rmi://host:port}. */
  public static boolean isAddress(String text) {
    if (text == null || !text.startsWith("rmi://")) return false;
    try {
      URI uri = new URI(text);
      return uri.getHost() != null && uri.getPort() >= 0;
    } catch (java.net.URISyntaxException e) {
      return false;
    }
  }

  /** The host of its address: what it registers as its host. */
  public String host() {
    return URI.create(address).getHost();
  }

  /** Whether it offers the named service type. */
  public boolean offers(String serviceTypeName) {
    return services.contains(serviceTypeName);
  }

  /** An attribute, or null. */
  public String attribute(String key) {
    return attributes.get(key);
  }

  private static void require(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException(what + " must not be empty");
    }
  }
}
