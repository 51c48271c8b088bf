package org.gridrmi.runtime;

import java.util.UUID;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import org.gridrmi.runtime.serial.SerialFilters;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.store.ValueStore;
import org.gridrmi.runtime.store.ValueTable;
import org.gridrmi.runtime.transport.JvmNodes;
import org.gridrmi.runtime.transport.NodeService;
import org.gridrmi.runtime.transport.Transport;

/**
 * One node of the Grid: its {@link ValueTable}, exported through its runtime's transport. A server has one; a Grid
 * gets one the first time it puts a value.
 */
public final class LocalNode implements JvmNodes.Member, AutoCloseable {
  private final UUID id;
  private final String name;
  private final NodeRuntime runtime;
  private final ValueTable table;
  private final Transport.Exported exported;
  private final ScheduledFuture<?> sweeper;

  private LocalNode(
      UUID id,
      UUID self,
      String name,
      String host,
      int port,
      long leaseMillis,
      StoreBudget budget,
      NodeRuntime runtime,
      Function<LocalNode, NodeService> service) {
    this.id = id;
    this.name = name;
    this.runtime = runtime;
    ValueStore store = new ValueStore(name, budget, new StoredValues(runtime));
    store.openSpill(); // an unusable spill directory is said now (INVALID_ARGUMENT), not at the
    // first full store
    this.table = new ValueTable(self, leaseMillis, store, runtime.ticker()::millis);
    SerialFilters.limitRegistry(); // before the first registry reads its filter property
    this.exported = runtime.transport().export(name, host, port, service.apply(this));
    long period = Math.max(50, Math.min(1000, leaseMillis / 4));
    this.sweeper = runtime
        .timer()
        .scheduleWithFixedDelay(
            () -> table.expire(runtime.ticker().millis()), period, period, TimeUnit.MILLISECONDS);
    runtime.transport().jvmNodes().add(this);
  }

  /**
   * Starts a node.
   *
   * @param host the address other nodes use to reach this one
   * @param port the port, or 0 for a free one
   * @param budget how much of its values the node keeps in memory and on disk
   * @param service makes the node's service, given the node (before it is exported, so no call arrives first)
   * @throws org.gridrmi.ref.GridException INVALID_ARGUMENT if the port is in use or the spill directory cannot be used,
   *     UNAVAILABLE if it cannot export
   */
  public static LocalNode start(
      UUID id,
      String name,
      String host,
      int port,
      long leaseMillis,
      StoreBudget budget,
      NodeRuntime runtime,
      Function<LocalNode, NodeService> service) {
    return new LocalNode(id, id, name, host, port, leaseMillis, budget, runtime, service);
  }

  /**
   * Starts a Grid's node, whose values are held by the Grid's {@code holder} id, which never lapses here (the Grid
   * renews no lease on its own node). The node's id, which {@code info()} tells anyone, is another, random one: a
   * holder id is a secret of its client.
   */
  public static LocalNode startForHolder(
      UUID holder,
      String name,
      String host,
      long leaseMillis,
      StoreBudget budget,
      NodeRuntime runtime,
      Function<LocalNode, NodeService> service) {
    return new LocalNode(
        UUID.randomUUID(), holder, name, host, 0, leaseMillis, budget, runtime, service);
  }

  public UUID id() {
    return id;
  }

  public String name() {
    return name;
  }
  /** {@code rmi://host:port} (or {@code inproc://name}). */
  @Override
  public String address() {
    return exported == null ? "(not exported yet)" : exported.address();
  }

  @Override
  public ValueTable table() {
    return table;
  }

  /**
   * What a Jini registration of this node carries per service interface (see {@link Transport.Exported#proxiesByType}):
   * by interface name, a proxy implementing it that makes plain calls here; none on a transport Jini cannot reach.
   */
  public java.util.Map<String, Object> lookupProxies(java.util.List<Class<?>> services) {
    return exported.proxiesByType(services, name);
  }

  public NodeRuntime runtime() {
    return runtime;
  }

  /** The slot of {@code id} if this node holds it, or, on a transport that shares the JVM, another node here does. */
  public Slot findLocal(UUID valueId) {
    Slot s = table.get(valueId);
    return s != null ? s : runtime.transport().jvmNodes().find(valueId);
  }

  /** Stops serving: unexports the node, forgets its values. Does not close the runtime (its owner does). */
  @Override
  public void close() {
    runtime.transport().jvmNodes().remove(this);
    sweeper.cancel(false);
    exported.close();
    table.clear();
    table.store().close();
  }

  @Override
  public String toString() {
    return name + " (" + address() + ")";
  }
}
