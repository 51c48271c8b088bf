package org.gridrmi.lookup;

import java.rmi.Remote;
import java.util.List;
import java.util.Map;

/**
 * A GridRMI server as a {@link LookupDirectory} sees it: the registrations that share one
 * endpoint, merged.
 *
 * @param name the server's name
 * @param endpoint its RMI endpoint {@code rmi://host:port}; identifies the server
 * @param services the service type names it offers, sorted
 * @param attributes every attribute as a string: the {@link LookupAttributes} keys plus the
 *     server's free-form ones
 * @param proxy the remote object it registered (the same for all its service types)
 */
public record ServerRecord(String name, String endpoint, List<String> services,
    Map<String, String> attributes, Remote proxy) {

  public ServerRecord {
    services = List.copyOf(services);
    attributes = Map.copyOf(attributes);
  }

  /** Whether it offers the named service type. */
  public boolean offers(String serviceTypeName) {
    return services.contains(serviceTypeName);
  }

  /** An attribute, or null. */
  public String attribute(String key) {
    return attributes.get(key);
  }
}
