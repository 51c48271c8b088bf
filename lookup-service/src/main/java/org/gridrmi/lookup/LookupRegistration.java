package org.gridrmi.lookup;

import java.net.URI;
import java.rmi.Remote;
import java.time.Duration;
import java.util.Map;
import java.util.function.Supplier;
import org.gridrmi.lookup.internal.ServiceJoiner;

/**
 * A server's presence in a Jini lookup service (the Jini "join" protocol).
 *
 * <p>Contract: {@code join} returns at once and registers in the background; it does not fail
 * when the lookup service is down, it keeps trying, and registers again by itself whenever the
 * lookup service comes back (after a restart, a network split). The proxy is registered once
 * per service type of the server, each under its own stable service id, with the
 * attributes of {@link LookupAttributes} plus the server's own (the same proxy for every type, or a
 * proxy of its own per type, such as one implementing that type's interface so that Jini clients find it by
 * type and call it), under a lease of the given
 * length that is renewed until {@link #close()}. If the server dies, its registrations vanish
 * once the lease lapses: the lease is the bound on how long a dead server stays visible.
 * Load and free memory (and the dynamic attributes, if supplied) are re-published every
 * refresh interval when they changed.
 */
public interface LookupRegistration extends AutoCloseable {

  /** How often load, free memory and dynamic attributes are re-read, unless told otherwise. */
  Duration DEFAULT_REFRESH = Duration.ofSeconds(5);

  /**
   * Joins the lookup service at {@code lookup} ({@code jini://host:port}).
   *
   * @param proxy the serializable proxy clients will call; it must carry no live RMI stub or other remote reference,
   *     or GridRMI's directories leave the registration out (reading a stub makes the JVM connect to the address it
   *     names, so they refuse one before it is read): a proxy that holds its stub as bytes and makes it when first
   *     called, as GridRMI servers' do
   * @param server the server to register (its {@link ServerRecord#proxy()} is not used)
   * @param lease the lease to ask for; a few seconds is fine on a LAN
   * @throws IllegalArgumentException for a malformed address (naming it) or a non-positive lease
   */
  static LookupRegistration join(URI lookup, Remote proxy, ServerRecord server, Duration lease) {
    return join(lookup, proxy, server, lease, DEFAULT_REFRESH, Map::of);
  }

  /**
   * As {@link #join(URI, Remote, ServerRecord, Duration)}, with the refresh interval and a
   * supplier of dynamic free-form attributes (called on a background thread every
   * {@code refresh}; it must be quick and must not throw).
   */
  static LookupRegistration join(
      URI lookup,
      Remote proxy,
      ServerRecord server,
      Duration lease,
      Duration refresh,
      Supplier<Map<String, String>> dynamicAttributes) {
    java.util.Objects.requireNonNull(proxy, "proxy");
    return ServiceJoiner.join(lookup, type -> proxy, server, lease, refresh, dynamicAttributes);
  }

  /**
   * As {@link #join(URI, Remote, ServerRecord, Duration)}, registering each service type of the server
   * under its own proxy, {@code proxies.get(type)}: any serializable object that carries no remote reference (see
   * {@link #join(URI, Remote, ServerRecord, Duration)}), typically one that implements that
   * type's interface so that plain Jini clients find it by type ({@code new ServiceTemplate(null, new Class[]
   * {Type.class}, null)}) and call it.
   *
   * @throws IllegalArgumentException if a service type of the server has no proxy, naming it
   */
  static LookupRegistration join(
      URI lookup, Map<String, ?> proxies, ServerRecord server, Duration lease) {
    for (String type : server.services()) {
      if (proxies.get(type) == null)
        throw new IllegalArgumentException("no proxy for service type " + type);
    }
    return ServiceJoiner.join(lookup, proxies::get, server, lease, DEFAULT_REFRESH, Map::of);
  }

  /** Whether every service type is registered with the lookup service right now. */
  boolean isRegistered();

  /**
   * Waits until {@link #isRegistered()} or the timeout passes.
   *
   * @return whether it is registered; false on timeout or interruption (the flag is kept)
   */
  boolean awaitRegistered(Duration timeout);

  /** Cancels the registrations (they disappear at once) and stops renewing; idempotent. */
  @Override
  void close();
}
