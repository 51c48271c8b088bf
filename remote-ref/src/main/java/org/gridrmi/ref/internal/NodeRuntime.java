package org.gridrmi.ref.internal;

import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import org.gridrmi.ref.internal.transport.NodeClient;
import org.gridrmi.ref.internal.transport.Transport;

/**
 * What one server or Grid runs on, owned by it and closed with it: its transport, its deserialization policy, its
 * limits, a bounded pool for short remote calls, a bounded pool for fetch polls, and a timer (deadlines, renewals,
 * lease sweeps). Nothing here is shared with another instance in the JVM.
 */
public final class NodeRuntime implements AutoCloseable {
  private final String name;
  private final Transport transport;
  private final SerialPolicy policy;
  private final RuntimeSettings settings;
  private final BoundedExecutor io;
  private final BoundedExecutor fetches;
  private final ScheduledExecutorService timer;

  public NodeRuntime(String name, Transport transport, SerialPolicy policy, RuntimeSettings settings) {
    this.name = name;
    this.transport = transport;
    this.policy = policy;
    this.settings = settings;
    this.io = new BoundedExecutor("gridrmi-io-" + name, settings.ioThreads(), settings.maxQueuedIo());
    this.fetches = new BoundedExecutor("gridrmi-fetch-" + name, settings.fetchThreads(), settings.maxQueuedIo());
    this.timer = Executors.newSingleThreadScheduledExecutor(Daemons.factory("gridrmi-timer-" + name));
    JvmFilter.register(policy);
  }

  public String name() { return name; }
  public Transport transport() { return transport; }
  public SerialPolicy policy() { return policy; }
  public RuntimeSettings settings() { return settings; }
  /** Short remote calls: submits, renewals, releases, cancels. */
  public BoundedExecutor io() { return io; }
  /** Fetch polls, which may wait at their owner. */
  public BoundedExecutor fetches() { return fetches; }
  /** Deadlines, renewals and sweeps: tasks on it must be quick and never call out. */
  public ScheduledExecutorService timer() { return timer; }

  /** The node at {@code address}, through this runtime's transport. */
  public NodeClient node(String address) {
    return transport.client(address);
  }

  @Override
  public void close() {
    JvmFilter.unregister(policy);
    timer.shutdownNow();
    io.close();
    fetches.close();
    transport.close();
  }

  @Override
  public String toString() {
    return "runtime of " + name + " over " + transport.describe();
  }
}
