package org.gridrmi.lookup;

import org.gridrmi.lookup.internal.EmbeddedReggie;
import org.gridrmi.ref.TlsStores;
import org.gridrmi.runtime.net.GridSecret;
import org.gridrmi.runtime.net.LinkPlan;
import org.gridrmi.runtime.net.NetContext;

/**
 * A Jini lookup service (Apache River's Reggie) running inside this JVM.
 *
 * <p>Contract: {@code start} returns only once Reggie answers unicast discovery on the port; the
 * instance needs no policy file, no {@code .config} file and no JVM flags. Its members groups
 * are the ones given (none: it is found by unicast {@code jini://} only). {@link #close()} stops
 * Reggie and returns once the port is free again, so a new one may start on it at once.
 * Reggie's state is transient: registrations do not survive {@code close}; registrants register
 * again by themselves (see {@link LookupRegistration}).
 */
public interface LookupServer extends AutoCloseable {

  /**
   * Starts Reggie on {@code port} (0 picks a free one), advertising this machine's local address.
   *
   * @param groups the discovery groups it is a member of; none means unicast only
   * @throws IllegalStateException if it cannot start (port taken, ...), with the reason
   */
  static LookupServer start(int port, String... groups) {
    return start(null, port, groups);
  }

  /**
   * Starts Reggie as {@link #start(int, String...)} does, advertising {@code host}: the lookup
   * locator and the registrar proxy handed to clients both point there. Calls to the registrar (and to the
   * listeners it calls back) prove the default grid secret ({@code GridSecret.readOrCreateDefault()});
   * unicast discovery itself stays open (it only hands out the registrar's proxy).
   */
  static LookupServer start(String host, int port, String... groups) {
    return EmbeddedReggie.start(
        host, port, new NetContext(null, LinkPlan.NONE, 10_000, null), groups);
  }

  /**
   * As {@link #start(String, int, String...)}, with calls to the registrar proving {@code secret}
   * (null: none, an insecure lookup service that anyone who reaches it may call).
   */
  static LookupServer start(String host, int port, GridSecret secret, String... groups) {
    return EmbeddedReggie.start(
        host, port, new NetContext(null, secret, LinkPlan.NONE, 10_000, null), groups);
  }

  /**
   * As {@link #start(String, int, String...)}, with the registrar and its listeners over mutual TLS with these stores
   * (unicast discovery itself stays plain TCP: it only hands out the registrar's proxy).
   */
  static LookupServer startTls(String host, int port, TlsStores tls, String... groups) {
    return EmbeddedReggie.start(
        host, port, new NetContext(tls, LinkPlan.NONE, 10_000, null), groups);
  }

  /** The TCP port of unicast discovery. */
  int port();

  /** The host clients are told to use. */
  String host();

  /** {@code jini://host:port}, the address clients pass to {@link LookupDirectory#unicast}. */
  String url();

  /** The member groups (a copy). */
  String[] groups();

  /** Stops Reggie and frees its port; idempotent. */
  @Override
  void close();
}
