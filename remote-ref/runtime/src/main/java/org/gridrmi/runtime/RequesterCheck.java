package org.gridrmi.runtime;

import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.RefusalLog;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.wire.Requester;

/**
 * Whether the caller of a call that names a requester (a fetch, an abandon) may act for it, that is end what the owner
 * keeps for that node as a borrower. An address is public, so naming one proves nothing:
 * <ul>
 *   <li>a transport that names its callers by address (in-process) decides by itself;
 *   <li>otherwise the call must come from the requester's host (as {@link KnownPeers} asks of a node that declares its
 *       address), and carry the key the requester made for this owner; the first time a key is seen for an address,
 *       this node asks the node at that address whether it gave it ({@code vouches}), once, and remembers the answer.
 *       Only that node can answer there, so a third process on the same host cannot pass for it; under TLS the
 *       question is authenticated too, and the key stays bound to the certificate that first presented it.
 * </ul>
 * A node restarted at the same address has a new key, which is confirmed the same way.
 */
final class RequesterCheck {
  /** The most requester addresses remembered (each a peer of this node); past it, keys are confirmed every time. */
  private static final int MAX_REMEMBERED = 10_000;

  private static final RefusalLog REFUSALS =
      new RefusalLog(RequesterCheck.class.getName(), 10, 1000);
  private final LocalNode node;
  private final Map<String, Confirmed> confirmed = new ConcurrentHashMap<>();
  /** Questions ({@code vouches} calls) asked so far. */
  private final AtomicLong asked = new AtomicLong();
  /** Addresses asked about now: one question per address at a time. */
  /**
   * The addresses being asked now, each with what waits for its answer (bounded by {@link #MAX_WAITING} per address):
   * the fetches that came while the question was out, run once it is answered if the answer confirms their caller.
   */
  private final Map<String, java.util.List<Runnable>> asking = new ConcurrentHashMap<>();

  /** Fetches that may wait for one address's answer; past it they confirm nothing (their borrow ends by its lease). */
  static final int MAX_WAITING = 1024;

  private record Confirmed(UUID key, String tlsIdentity) {}

  RequesterCheck(LocalNode node) {
    this.node = node;
  }

  /**
   * Checks that the caller may act for {@code r} (an abandon).
   *
   * @throws GridException PERMISSION_DENIED naming the requester and the caller, if it may not or that cannot be told
   *     now (the requester did not answer: what it borrows is then kept until its lease or deadline, never less)
   */
  void authorize(Requester r, Caller caller) {
    if (r == null) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "the call names no requester (the node it acts for)");
    }
    String why = whyNot(r, caller);
    if (why != null) throw refused(r, caller, why);
  }

  /**
   * Whether the caller may act for {@code r} (a fetch, which is served either way: knowing a value's id is what lets
   * one read it; only the borrow it would end is kept). A refusal is logged.
   */
  boolean mayActFor(Requester r, Caller caller) {
    if (r == null) return false;
    String why = whyNot(r, caller);
    if (why == null) return true;
    refused(r, caller, why);
    return false;
  }

  /**
   * Runs {@code then} once the caller is confirmed to be {@code r}, off the caller's path: asking {@code r}'s node
   * ({@code vouches}, up to a call timeout) on the runtime's pool for confirmations, which nothing else uses, so that a
   * peer naming addresses that never answer delays nothing but other confirmations. One question per address at a
   * time: a fetch that comes while one is asked waits for its answer (at most {@link #MAX_WAITING} per address; a
   * fetch past that, or one when that pool is full, confirms nothing: the borrow it would end ends with its lease or
   * deadline instead, which left values on their owners until then when every fetch past the first skipped it).
   */
  void confirmThen(Requester r, Caller caller, Runnable then) {
    Runnable checked = () -> {
      if (known(r, caller)) then.run();
    };
    boolean[] first = {false};
    asking.compute(r.address(), (a, waiting) -> {
      if (waiting == null) {
        first[0] = true;
        return new java.util.ArrayList<>();
      }
      if (waiting.size() < MAX_WAITING)
        waiting.add(checked); // answered with the question in flight
      return waiting;
    });
    if (!first[0]) return;
    try {
      node.runtime().confirmations().execute(() -> {
        java.util.List<Runnable> waited = java.util.List.of();
        try {
          if (mayActFor(r, caller)) then.run();
        } finally {
          waited = asking.remove(r.address());
        }
        if (waited != null) waited.forEach(Runnable::run);
      });
    } catch (GridException full) {
      asking.remove(r.address());
    }
  }

  /** Questions asked so far (for tests and stats). */
  long asked() {
    return asked.get();
  }

  /** Whether the caller is known to be {@code r} already, without asking anyone. */
  boolean known(Requester r, Caller caller) {
    if (namedByTransport(r, caller)) return true;
    Confirmed known = confirmed.get(r.address());
    return known != null
        && known.key().equals(r.key())
        && Objects.equals(known.tlsIdentity(), caller.tlsIdentity());
  }

  /** A transport that names its callers by address (in-process), or a call from inside this JVM. */
  private static boolean namedByTransport(Requester r, Caller caller) {
    return caller.host().equals(r.address()) || "local".equals(caller.host());
  }

  /** Why the caller may not act for {@code r}, or null if it may. */
  private String whyNot(Requester r, Caller caller) {
    String address = r.address();
    if (namedByTransport(r, caller)) return null;
    Confirmed known = confirmed.get(address);
    if (known != null && known.key().equals(r.key())) {
      return Objects.equals(known.tlsIdentity(), caller.tlsIdentity())
          ? null
          : "that node's key was presented by " + known.tlsIdentity() + " first";
    }
    if (r.key() == null) return "it presented no requester key";
    // only a caller on that host makes this node call there: no one can have it call arbitrary
    // addresses
    if (!KnownPeers.hostOf(address).equals(caller.host())) return "the call came from another host";
    boolean gave;
    asked.incrementAndGet();
    try {
      gave = node.runtime().node(address).vouches(node.address(), r.key());
    } catch (GridException e) {
      return "the node at " + address + " could not be asked to confirm it (" + e.status() + ")";
    }
    if (!gave) return "the node at " + address + " did not give the key it presented";
    if (confirmed.size() < MAX_REMEMBERED || confirmed.containsKey(address)) {
      confirmed.put(address, new Confirmed(r.key(), caller.tlsIdentity()));
    }
    return null;
  }

  private GridException refused(Requester r, Caller caller, String why) {
    String who =
        caller.host() + (caller.tlsIdentity() == null ? "" : " (" + caller.tlsIdentity() + ")");
    String message = node.name() + " refused a call from " + who + " acting for the node at "
        + r.address() + ": " + why + " (only that node may end what " + node.name()
        + " keeps for it as a borrower)";
    REFUSALS.refused(message);
    return new GridException(Status.PERMISSION_DENIED, message);
  }
}
