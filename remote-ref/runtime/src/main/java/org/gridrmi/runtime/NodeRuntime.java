package org.gridrmi.runtime;

import java.util.concurrent.Executor;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.gridrmi.runtime.serial.JvmFilter;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.telemetry.PeerHealth;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Transport;
import org.gridrmi.runtime.wire.RefContext;
import org.gridrmi.runtime.wire.RefContexts;
import org.gridrmi.runtime.wire.ValueReader;
import org.gridrmi.runtime.wire.WireValue;

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
  private final TransitPins pins;
  private final ReceivedTransfers received;
  private final Telemetry telemetry;
  private final PeerHealth peerHealth;
  private final RequesterKeys requesterKeys = new RequesterKeys();
  /** How values are read here (see {@link #bindValues}); until bound, references inside them bind to nothing. */
  private volatile ValueReader values;

  /** The most references pinned in transit at one time (each costs a few dozen bytes). */
  static final int MAX_PINS = 1_000_000;

  public NodeRuntime(
      String name, Transport transport, SerialPolicy policy, RuntimeSettings settings) {
    this(name, transport, policy, settings, Telemetry.OFF);
  }

  /** @param telemetry what the instance reports through OpenTelemetry ({@link Telemetry#OFF}: nothing) */
  public NodeRuntime(
      String name,
      Transport transport,
      SerialPolicy policy,
      RuntimeSettings settings,
      Telemetry telemetry) {
    this(name, transport, policy, settings, telemetry, null, threadTimer(name));
  }

  /**
   * A runtime whose pools hand every task to {@code tasks} and whose timer is {@code timer}: the seam through which
   * {@link LifetimeSimulation} runs a node on one thread, in the order a seed chooses, on simulated time. With
   * {@code tasks} null, the pools have threads of their own.
   */
  NodeRuntime(
      String name,
      Transport transport,
      SerialPolicy policy,
      RuntimeSettings settings,
      Telemetry telemetry,
      Executor tasks,
      ScheduledExecutorService timer) {
    this.name = name;
    this.telemetry = telemetry;
    this.peerHealth = new PeerHealth(name);
    this.transport = transport;
    this.policy = policy;
    this.settings = settings;
    if (tasks == null) {
      this.io =
          new BoundedExecutor("gridrmi-io-" + name, settings.ioThreads(), settings.maxQueuedIo());
      this.fetches = new BoundedExecutor(
          "gridrmi-fetch-" + name, settings.fetchThreads(), settings.maxQueuedIo());
    } else {
      this.io = new BoundedExecutor("gridrmi-io-" + name, tasks);
      this.fetches = new BoundedExecutor("gridrmi-fetch-" + name, tasks);
    }
    this.timer = timer;
    long transit = settings.referenceTransit().toNanos();
    this.pins = new TransitPins(transit, MAX_PINS, settings.ticker());
    // a batch given up is refused if it comes later: kept past a call timeout (the longest its
    // sender waited for it) plus one transit period, the longest a late copy is expected on its way
    this.received =
        new ReceivedTransfers(transit + settings.timeouts().call().toNanos(), settings.ticker());
    long drain = Math.max(10_000_000L, transit / 8);
    timer.scheduleWithFixedDelay(pins::drain, drain, drain, TimeUnit.NANOSECONDS);
    this.values = ValueReader.unbound(policy);
    transport.readValuesWith(this::values);
    JvmFilter.register(policy);
  }

  private static ScheduledExecutorService threadTimer(String name) {
    ScheduledThreadPoolExecutor timer =
        new ScheduledThreadPoolExecutor(1, Daemons.factory("gridrmi-timer-" + name));
    timer.setRemoveOnCancelPolicy(true); // a cancelled renewal or deadline leaves nothing queued
    return timer;
  }

  public String name() {
    return name;
  }

  public Transport transport() {
    return transport;
  }

  public SerialPolicy policy() {
    return policy;
  }

  public RuntimeSettings settings() {
    return settings;
  }
  /** Its spans and metrics (off without an OpenTelemetry SDK). */
  public Telemetry telemetry() {
    return telemetry;
  }
  /** Which peers stopped answering, for the log. */
  public PeerHealth peerHealth() {
    return peerHealth;
  }
  /** The keys this instance presents to owners as a borrower, and confirms when they ask. */
  public RequesterKeys requesterKeys() {
    return requesterKeys;
  }
  /** Short remote calls: submits, renewals, releases, cancels. */
  public BoundedExecutor io() {
    return io;
  }
  /** Fetch polls, which may wait at their owner. */
  public BoundedExecutor fetches() {
    return fetches;
  }
  /** Where this instance reads the time (see {@link Ticker}). */
  public Ticker ticker() {
    return settings.ticker();
  }

  /** Deadlines, renewals and sweeps: tasks on it must be quick and never call out. */
  public ScheduledExecutorService timer() {
    return timer;
  }

  /** Tasks waiting on the timer now (a peer's input must not add one per id it names). */
  public int timerTasks() {
    return timer instanceof ScheduledThreadPoolExecutor t
        ? t.getQueue().size()
        : ((SimWorld.Timer) timer).tasks();
  }

  /** References written inside values that left this instance, kept for a while (see {@link TransitPins}). */
  public TransitPins pins() {
    return pins;
  }

  /** Transfers received here whose references this node does not hold yet (see {@link ReceivedTransfers}). */
  public ReceivedTransfers received() {
    return received;
  }

  /**
   * Sets the context that references read inside values here bind to: it resolves them, and holds their values while
   * the reference objects live ({@link RefContext#adopt}). Set once by the Grid or server that owns this runtime.
   */
  public void bindValues(RefContext context) {
    this.values = new ValueReader(policy, context);
  }

  /** How this instance reads values: its policy, references inside bound to its context (see {@link #bindValues}). */
  public ValueReader values() {
    return values;
  }

  /**
   * Runs {@code body}, a transport call whose answer RMI reads with streams of its own (a plain call's result, a
   * fetch's answer), with this instance's policy as the thread's and its context as the one references read by those
   * streams bind to (see {@link RefContexts#forRmiStreams}).
   */
  public <T> T readingValues(Supplier<T> body) {
    RefContext context = values.context();
    return SerialPolicy.using(policy, () -> RefContexts.forRmiStreams(context, body));
  }

  /**
   * The value {@code w} carries, decoded with this instance's filters; references inside it are held by this
   * instance (see {@link #bindValues}).
   */
  public Object decode(WireValue w) {
    ValueReader reader = values;
    return SerialPolicy.using(
        policy, () -> w.value(reader)); // codecs read their limits from the thread's policy
  }

  /**
   * A copy of {@code value} as another JVM would read it (see {@link WireValue#copyOf}); references inside it are
   * held by this instance, as for a value that arrived.
   */
  public Object copyOf(Object value) {
    ValueReader reader = values;
    return SerialPolicy.using(policy, () -> WireValue.copyOf(value, reader));
  }

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
