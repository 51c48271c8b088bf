package org.gridrmi.lookup.internal;

import java.util.Iterator;
import org.gridrmi.runtime.serial.JvmFilter;

/**
 * Recognises, for GridRMI's JVM-wide filter, the objects a registrant gave the lookup service (a service's proxy, an
 * attribute's field) while River unmarshals them here, so that a remote reference in one is refused before it is
 * read. Reggie hands them out as bytes; River's proxy code unmarshals them on River's own threads (a directory's
 * first query, its cache's tasks, event delivery), so no thread of GridRMI can mark the reading: this asks the stack
 * instead, and only when the filter meets a remote reference class, which is rare.
 *
 * <p>Why refuse: reading an RMI stub makes the JVM's distributed GC call ("dirty") the address it names at once, and
 * whoever holds the grid secret may register; GridRMI servers register proxies that hold their stub as bytes, so a
 * registration that carries a live one was not made by a GridRMI server. River then sees such a service as one it
 * cannot load (its proxy null) and a directory leaves it out.
 *
 * <p>The same for unicast discovery's answer (River's {@code LookupLocator} and {@code com.sun.jini.discovery} code on
 * the stack): a GridRMI lookup service's registrar proxy holds its reference as bytes ({@link RegistrarHandle}, which
 * reads it with a filter of its own after checking where it points), so a live one there comes from a program that
 * is not GridRMI's lookup service, and is refused before it is read. The registrar's stubs in Reggie's replies and
 * events are read through {@link RegistrarHandle} too.
 */
final class RegisteredObjects {
  /** River's wrapper of a registrant's marshalled object, and the Reggie proxy code that unwraps it. */
  private static final String WRAPPER = "com.sun.jini.proxy.MarshalledWrapper";

  private static final String REGGIE_PROXY_CODE = "com.sun.jini.reggie.";

  /** River's unicast discovery: version 1 in LookupLocator, both versions in com.sun.jini.discovery. */
  private static final String LOCATOR = "net.jini.core.discovery.LookupLocator";

  private static final String DISCOVERY_CODE = "com.sun.jini.discovery.";
  private static final JvmFilter.PeerObjects GUARD = RegisteredObjects::reading;

  private RegisteredObjects() {}

  /** Makes GridRMI's JVM-wide filter refuse remote references in registrants' objects; idempotent. */
  static void guard() {
    JvmFilter.refuseRemoteReferencesIn(GUARD);
  }

  private static String reading() {
    return StackWalker.getInstance().walk(frames -> {
      Iterator<StackWalker.StackFrame> it = frames.iterator();
      boolean inWrapper = false;
      while (it.hasNext()) {
        String c = it.next().getClassName();
        if (c.equals(LOCATOR) || c.startsWith(DISCOVERY_CODE)) {
          return "the lookup service's answer to unicast discovery (its registrar's proxy)";
        } else if (c.equals(WRAPPER)) {
          inWrapper = true;
        } else if (inWrapper) {
          return c.startsWith(REGGIE_PROXY_CODE)
              ? "a service registered with the lookup service (its proxy or an attribute)"
              : null;
        }
      }
      return null;
    });
  }
}
