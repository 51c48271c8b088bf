package org.gridrmi.lookup;

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
 * @param proxy the proxy it registered for the first of its service types (GridRMI servers register a proxy
 *     implementing each service's interface; GridRMI itself calls servers by their endpoint)
 */
public record ServerRecord(String name, String endpoint, List<String> services,
    Map<String, String> attributes, Object proxy) {

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
