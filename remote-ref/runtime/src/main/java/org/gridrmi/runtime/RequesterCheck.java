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
 * Whether the caller of an {@code abandon} may act for the requester it names, that is end what the owner keeps for
 * that node as a borrower (a borrower sends it once it has the value, or when nobody there waits for it any more). An
 * address is public, so naming one proves nothing:
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

  private record Confirmed(UUID key, String tlsIdentity) {}

  RequesterCheck(LocalNode node) {
    this.node = node;
  }

  /**
   * Checks that the caller may act for {@code r} (an abandon).
   *
   * @throws GridException PERMISSION_DENIED naming the requester and the caller, if it may not; UNAVAILABLE naming
   *     them, if that cannot be told now because the requester's node could not be asked (unreachable, or it did
   *     not answer in time): nothing is remembered, the borrower sends its abandon again, and this node asks again
   *     then (answered PERMISSION_DENIED, the borrower would take the refusal as final, and the owner would keep the
   *     value for it until its lease or deadline)
   */
  void authorize(Requester r, Caller caller) {
    if (r == null) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "the call names no requester (the node it acts for)");
    }
    String why = whyNot(r, caller);
    if (why != null) throw refused(r, caller, why);
  }

  /** Questions asked so far (for tests and stats). */
  long asked() {
    return asked.get();
  }

  /** A transport that names its callers by address (in-process), or a call from inside this JVM. */
  private static boolean namedByTransport(Requester r, Caller caller) {
    return caller.host().equals(r.address()) || "local".equals(caller.host());
  }

  /**
   * Why the caller may not act for {@code r}, or null if it may.
   *
   * @throws GridException UNAVAILABLE if the requester's node had to be asked and could not be (see {@link
   *     #authorize})
   */
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
      String why = "the node at " + address + " could not be asked to confirm it (" + e.status()
          + ": " + e.getMessage() + ")";
      throw new GridException(
          Status.UNAVAILABLE, message(r, caller, why) + "; ask again when it answers", e);
    }
    if (!gave) return "the node at " + address + " did not give the key it presented";
    if (confirmed.size() < MAX_REMEMBERED || confirmed.containsKey(address)) {
      confirmed.put(address, new Confirmed(r.key(), caller.tlsIdentity()));
    }
    return null;
  }

  private GridException refused(Requester r, Caller caller, String why) {
    String message = message(r, caller, why);
    REFUSALS.refused(message);
    return new GridException(Status.PERMISSION_DENIED, message);
  }

  private String message(Requester r, Caller caller, String why) {
    String who =
        caller.host() + (caller.tlsIdentity() == null ? "" : " (" + caller.tlsIdentity() + ")");
    return node.name() + " refused a call from " + who + " acting for the node at " + r.address()
        + ": " + why + " (only that node may end what " + node.name()
        + " keeps for it as a borrower)";
  }
}
