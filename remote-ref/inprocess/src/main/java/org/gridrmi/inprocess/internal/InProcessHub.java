package org.gridrmi.inprocess.internal;

import java.io.ObjectInputFilter;
import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Function;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.transport.NodeService;

/**
 * The in-process network behind {@link org.gridrmi.ref.InProcessNetwork}: the nodes exported on it by name, and the
 * faults a test sets, applied to every call at delivery. Faults are explicit and deterministic: nothing here is random
 * or timed except the waits a stalled or delayed call makes, each bounded by the caller's own bound.
 */
public final class InProcessHub {
  /**
   * The cause of a call to a node that is not there, as a socket's would be over RMI: callers tell a refused
   * connection (nothing listens at the address) from a lost one by it ({@code NodeClient.connectionRefused}).
   */
  private static final java.net.ConnectException REFUSED =
      new java.net.ConnectException("Connection refused (in-process: no node at the address)");

  static final String SCHEME = "inproc://";
  private static final AtomicInteger HUBS = new AtomicInteger();
  private final String name = "net-" + HUBS.incrementAndGet();
  private final Map<String, Node> nodes = new ConcurrentHashMap<>();
  private final Set<String> stalled = ConcurrentHashMap.newKeySet();
  private final Set<String> killed = ConcurrentHashMap.newKeySet();
  private final Map<String, AtomicInteger> drops = new ConcurrentHashMap<>();
  private final Map<String, Duration> delays = new ConcurrentHashMap<>();
  private final Set<String> cuts = ConcurrentHashMap.newKeySet();
  /** Calls delivered, per node and operation kind: bounded by the operations of the protocol. */
  private final Map<String, Map<String, AtomicLong>> delivered = new ConcurrentHashMap<>();

  private record Node(NodeService service, ObjectInputFilter filter) {}

  /** {@code inproc://name} for a node name, or the address itself. */
  public static String address(String nodeName) {
    return nodeName.startsWith(SCHEME) ? nodeName : SCHEME + nodeName;
  }

  synchronized String export(String nodeName, NodeService service, ObjectInputFilter filter) {
    String address = address(nodeName);
    if (nodes.containsKey(address)) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "a node named " + nodeName + " already exists on " + this);
    }
    killed.remove(address);
    nodes.put(address, new Node(service, filter));
    return address;
  }

  synchronized void unexport(String address, NodeService service) {
    nodes.computeIfPresent(address, (a, n) -> n.service() == service ? null : n);
    notifyAll();
  }

  NodeService service(String address) {
    Node n = nodes.get(address);
    if (n == null)
      throw new GridException(Status.UNAVAILABLE, "no GridRMI node answers at " + address);
    return n.service();
  }

  // --- faults, by node name or address ---

  public synchronized void stall(String node) {
    stalled.add(address(node));
  }

  public synchronized void resume(String node) {
    stalled.remove(address(node));
    notifyAll();
  }

  public synchronized void kill(String node) {
    String a = address(node);
    killed.add(a);
    nodes.remove(a);
    notifyAll();
  }

  public void dropNext(String node, int calls) {
    drops.computeIfAbsent(address(node), k -> new AtomicInteger()).addAndGet(calls);
  }

  /** Calls to one node of one kind (their description contains {@code what}) to drop. */
  private record Kind(String address, String what) {}

  private final Map<Kind, AtomicInteger> kindDrops = new ConcurrentHashMap<>();

  public void dropNext(String node, String what, int calls) {
    kindDrops
        .computeIfAbsent(new Kind(address(node), what), k -> new AtomicInteger())
        .addAndGet(calls);
  }

  private boolean dropsNow(String to, String what) {
    AtomicInteger drop = drops.get(to);
    if (drop != null && drop.getAndUpdate(n -> Math.max(0, n - 1)) > 0) return true;
    return takeOne(kindDrops, to, what);
  }

  /** Calls to one node of one kind whose answer is lost (they run; their caller sees a dropped connection). */
  private final Map<Kind, AtomicInteger> lostAnswers = new ConcurrentHashMap<>();
  /** Calls to one node of one kind held back: their caller sees a dropped connection, and they arrive later. */
  private final Map<Kind, AtomicInteger> holdBacks = new ConcurrentHashMap<>();
  /** The calls held back, per node address, in the order they were sent: each delivers itself when run. */
  private final Map<String, java.util.Deque<java.util.function.Supplier<GridException>>> heldBack =
      new ConcurrentHashMap<>();

  public void loseAnswerOfNext(String node, String what, int calls) {
    lostAnswers
        .computeIfAbsent(new Kind(address(node), what), k -> new AtomicInteger())
        .addAndGet(calls);
  }

  public void holdBackNext(String node, String what, int calls) {
    holdBacks
        .computeIfAbsent(new Kind(address(node), what), k -> new AtomicInteger())
        .addAndGet(calls);
  }

  /**
   * Delivers the oldest call held back for {@code node} now, on this thread, and discards its answer.
   *
   * @return what the node threw, or null if it ran the call
   * @throws IllegalStateException if no call to {@code node} is held back
   */
  public GridException deliverHeldBack(String node) {
    var held = heldBack.get(address(node));
    var call = held == null ? null : held.pollFirst();
    if (call == null) throw new IllegalStateException("no call to " + node + " is held back");
    return call.get();
  }

  /** Whether a fault set for calls of this kind to {@code to} applies to this one (and counts it). */
  private static boolean takeOne(Map<Kind, AtomicInteger> faults, String to, String what) {
    for (Map.Entry<Kind, AtomicInteger> e : faults.entrySet()) {
      if (e.getKey().address().equals(to)
          && what.contains(e.getKey().what())
          && e.getValue().getAndUpdate(n -> Math.max(0, n - 1)) > 0) return true;
    }
    return false;
  }

  public void delay(String node, Duration d) {
    if (d == null || d.isZero()) delays.remove(address(node));
    else delays.put(address(node), d);
  }

  public synchronized void partition(String a, String b) {
    cuts.add(pair(address(a), address(b)));
  }

  public synchronized void heal() {
    cuts.clear();
    stalled.clear();
    delays.clear();
    drops.clear();
    kindDrops.clear();
    lostAnswers.clear();
    holdBacks.clear();
    notifyAll();
  }

  /**
   * Calls delivered to {@code node} so far whose kind (the operation's description before its arguments, {@code "a
   * batch of {3.size} commands"}) contains {@code what}: a test counts the calls it makes, not the holds and releases
   * the collector sends when it happens to run.
   */
  public long delivered(String node, String what) {
    Map<String, AtomicLong> kinds = delivered.get(address(node));
    if (kinds == null) return 0;
    long n = 0;
    for (Map.Entry<String, AtomicLong> e : kinds.entrySet())
      if (e.getKey().contains(what)) n += e.getValue().get();
    return n;
  }

  /** Calls delivered to {@code node} so far (a test's view of traffic). */
  public long delivered(String node) {
    return delivered(node, ""); // every kind contains ""
  }

  private static String pair(String a, String b) {
    return a.compareTo(b) < 0 ? a + "|" + b : b + "|" + a;
  }

  /**
   * Delivers one call from {@code from} to {@code to}, with the faults in force, bounded by {@code boundNanos}.
   *
   * @throws GridException UNAVAILABLE for a dead, dropping, stalled or cut-off node; what the body threw otherwise
   */
  Object deliver(
      String from,
      String to,
      String what,
      String kind,
      long boundNanos,
      Object[] args,
      Function<Object[], ?> body,
      ObjectInputFilter callerFilter) {
    long deadline = System.nanoTime() + boundNanos;
    String fromAddress = address(from);
    if (killed.contains(to) || !nodes.containsKey(to)) {
      throw new GridException(
          Status.UNAVAILABLE,
          "the GridRMI node at " + to + " is unreachable (" + what + "): connection refused",
          REFUSED);
    }
    if (dropsNow(to, what)) {
      throw new GridException(
          Status.UNAVAILABLE,
          "the GridRMI node at " + to + " is unreachable (" + what + "): connection reset");
    }
    Duration delay = delays.get(to);
    if (delay != null) sleepUntil(Math.min(deadline, System.nanoTime() + delay.toNanos()));
    awaitReachable(fromAddress, to, what, boundNanos, deadline);
    Node target = nodes.get(to);
    if (target == null) {
      throw new GridException(
          Status.UNAVAILABLE,
          "the GridRMI node at " + to + " is unreachable (" + what + "): connection refused",
          REFUSED);
    }
    byte[] sent = InProcessTransport.write(args);
    if (takeOne(holdBacks, to, what)) {
      heldBack
          .computeIfAbsent(to, k -> new java.util.concurrent.ConcurrentLinkedDeque<>())
          .add(() -> {
            try {
              run(fromAddress, to, kind, target, sent, body);
              return null;
            } catch (GridException e) {
              return e;
            }
          });
      throw new GridException(
          Status.UNAVAILABLE,
          "the GridRMI node at " + to + " is unreachable (" + what + "): connection reset");
    }
    byte[] answer = run(fromAddress, to, kind, target, sent, body);
    if (takeOne(lostAnswers, to, what)) {
      throw new GridException(
          Status.UNAVAILABLE,
          "the GridRMI node at " + to + " did not answer " + what + ": connection reset");
    }
    return InProcessTransport.read(answer, callerFilter);
  }

  /** Runs a call's body at {@code target} on a copy of the arguments the caller wrote; its answer, written. */
  private byte[] run(
      String fromAddress,
      String to,
      String kind,
      Node target,
      byte[] sent,
      Function<Object[], ?> body) {
    delivered
        .computeIfAbsent(to, k -> new ConcurrentHashMap<>())
        .computeIfAbsent(kind, k -> new AtomicLong())
        .incrementAndGet();
    // the far side runs as another JVM would: none of the caller's thread state (contexts, policy)
    // applies there
    return org.gridrmi.runtime.wire.RefContexts.outside(() -> {
      Object[] copied = (Object[]) InProcessTransport.read(sent, target.filter());
      return InProcessTransport.write(
          Caller.serving(new Caller(fromAddress, null), () -> body.apply(copied)));
    });
  }

  private synchronized void awaitReachable(
      String from, String to, String what, long boundNanos, long deadline) {
    while (stalled.contains(to) || cuts.contains(pair(from, to))) {
      long left = deadline - System.nanoTime();
      if (left <= 0) {
        throw new GridException(
            Status.UNAVAILABLE,
            "the GridRMI node at " + to + " did not answer " + what + " within "
                + TimeUnit.NANOSECONDS.toMillis(boundNanos)
                + " ms (stopped, overloaded or cut off)");
      }
      try {
        TimeUnit.NANOSECONDS.timedWait(this, left);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new GridException(Status.CANCELLED, what + " to " + to + " was interrupted", e);
      }
    }
  }

  private static void sleepUntil(long nanoDeadline) {
    for (long left = nanoDeadline - System.nanoTime();
        left > 0;
        left = nanoDeadline - System.nanoTime()) {
      java.util.concurrent.locks.LockSupport.parkNanos(left);
      if (Thread.interrupted()) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  @Override
  public String toString() {
    return name;
  }
}
