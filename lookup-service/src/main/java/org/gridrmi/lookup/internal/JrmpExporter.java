package org.gridrmi.lookup.internal;

import java.rmi.NoSuchObjectException;
import java.rmi.Remote;
import java.rmi.server.ExportException;
import java.rmi.server.UnicastRemoteObject;
import java.util.Objects;
import net.jini.export.Exporter;
import org.gridrmi.runtime.net.NetContext;

/**
 * A River {@link Exporter} on plain JDK RMI ({@link UnicastRemoteObject}, JRMP) instead of JERI.
 *
 * <p>Why: River's JERI runtime refers to {@code java.rmi.activation}, which Java 17 removed, so
 * any JVM that exports or calls through a JERI proxy needs JVM flags. Objects exported here are
 * ordinary RMI stubs; neither side ever loads a JERI class, so no JVM needs any flag (see
 * RIVER-ON-JAVA17.md). The price: the JDK refuses calls of methods that are not declared in an
 * interface extending {@code Remote} ({@code Method is not Remote}), which excludes Reggie's
 * admin interfaces and even {@code ServiceRegistrar.getGroups()}; see
 * {@link InheritingInvocationHandler} for the cure.
 *
 * <p>One instance exports one object, as River's contract for exporters demands.
 */
public final class JrmpExporter implements Exporter {
  private final int port;
  private final String pinnedHost;
  private final boolean inheritedMethods;
  private final NetContext net;
  private Remote
      exported; // strong reference: JRMP alone would let an unreferenced impl be collected

  /**
   * @param port the TCP port to listen on, 0 for any
   * @param pinnedHost if not null, the host every client connects to, whatever
   *     {@code java.rmi.server.hostname} said when this JVM's RMI runtime started
   */
  public JrmpExporter(int port, String pinnedHost, NetContext net) {
    this(port, pinnedHost, false, net);
  }

  /**
   * @param inheritedMethods whether the stub may also call methods the remote interface inherits
   *     from non-Remote interfaces (Reggie's admin interfaces); such a stub carries a GridRMI
   *     class, so only peers with this module on their class path can use it. Without it the
   *     stub is a plain JDK stub that any JVM can read (what Reggie needs of our listeners).
   * @param net the sockets of the instance exporting (its TLS keys, when it has them)
   */
  public JrmpExporter(int port, String pinnedHost, boolean inheritedMethods, NetContext net) {
    this.port = port;
    this.pinnedHost = pinnedHost;
    this.inheritedMethods = inheritedMethods;
    this.net = net;
  }

  @Override
  public synchronized Remote export(Remote impl) throws ExportException {
    Objects.requireNonNull(impl, "impl");
    if (exported != null) {
      throw new IllegalStateException(
          "this exporter already exported " + exported.getClass().getName());
    }
    try {
      Remote stub;
      if (net.tls()
          || pinnedHost != null) { // TLS: the whole lookup conversation (registrar, listeners)
        stub = UnicastRemoteObject.exportObject(
            impl, port, net.clientFactory(pinnedHost), net.serverFactory());
      } else {
        stub = UnicastRemoteObject.exportObject(impl, port);
      }
      exported = impl;
      return inheritedMethods ? InheritingInvocationHandler.wrap(stub) : stub;
    } catch (ExportException e) {
      throw e;
    } catch (java.rmi.RemoteException e) {
      throw new ExportException("cannot export " + impl.getClass().getName(), e);
    }
  }

  @Override
  public synchronized boolean unexport(boolean force) {
    if (exported == null) {
      throw new IllegalStateException("nothing exported");
    }
    try {
      return UnicastRemoteObject.unexportObject(exported, force);
    } catch (NoSuchObjectException alreadyGone) {
      return true;
    }
  }
}
