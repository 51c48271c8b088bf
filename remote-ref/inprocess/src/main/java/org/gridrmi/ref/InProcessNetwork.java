package org.gridrmi.ref;

import java.time.Duration;
import org.gridrmi.inprocess.internal.InProcessHub;

/**
 * A network inside one JVM for tests: servers and Grids built on it ({@code GridServer.builder().inProcess(net)},
 * {@code Grid.builder().inProcess(net)}) call each other directly, with arguments and results copied through
 * serialization and the filters as between JVMs, at addresses {@code inproc://NAME}. Faults are set by the test and
 * applied to every call from then on, deterministically:
 *
 * <pre>{@code
 * InProcessNetwork net = new InProcessNetwork();
 * net.stall("S1");          // calls to S1 get no answer (until resume, or until the caller's bound passes)
 * net.partition("S1", "S2"); // S1 and S2 cannot reach each other; clients still reach both
 * net.dropNext("S2", 1);    // the next call to S2 fails as a dropped connection
 * net.delay("S2", Duration.ofMillis(50));
 * net.kill("S1");           // S1 is gone for good
 * }</pre>
 */
public final class InProcessNetwork {
  private final InProcessHub hub = new InProcessHub();

  /** The hub GridRMI's builders attach to, through {@link InternalInProcess}. */
  InProcessHub hub() {
    return hub;
  }

  /** Calls to {@code node} get no answer until {@link #resume}; each caller gives up at its own bound. */
  public void stall(String node) {
    hub.stall(node);
  }

  /** Ends a {@link #stall}: waiting calls are delivered. */
  public void resume(String node) {
    hub.resume(node);
  }

  /** {@code node} is gone: calls to it fail at once, as a refused connection does. */
  public void kill(String node) {
    hub.kill(node);
  }

  /** The next {@code calls} calls to {@code node} fail as a connection that drops. */
  public void dropNext(String node, int calls) {
    hub.dropNext(node, calls);
  }

  /**
   * The next {@code calls} calls to {@code node} whose description contains {@code what} ({@code "a batch"}, {@code
   * "a hold"}, {@code "the fetch"}) fail as a connection that drops; other calls to it go through.
   */
  public void dropNext(String node, String what, int calls) {
    hub.dropNext(node, what, calls);
  }

  /**
   * The next {@code calls} calls to {@code node} whose description contains {@code what} run there, but their answer
   * is lost: the caller fails as on a connection that drops after the call went (what a timed-out call whose server
   * was merely slow looks like).
   */
  public void loseAnswerOfNext(String node, String what, int calls) {
    hub.loseAnswerOfNext(node, what, calls);
  }

  /**
   * The next {@code calls} calls to {@code node} whose description contains {@code what} are held back: their caller
   * fails at once as on a connection that drops, and each reaches {@code node} only when {@link #deliverHeldBack} says
   * so (a late copy of a call its sender gave up on).
   */
  public void holdBackNext(String node, String what, int calls) {
    hub.holdBackNext(node, what, calls);
  }

  /**
   * Delivers the oldest call held back for {@code node} ({@link #holdBackNext}) now, on this thread; its answer goes to
   * nobody.
   *
   * @return what {@code node} threw, or null if it took the call
   * @throws IllegalStateException if no call to {@code node} is held back
   */
  public GridException deliverHeldBack(String node) {
    return hub.deliverHeldBack(node);
  }

  /** Every call to {@code node} is delivered {@code d} late (zero: no delay). */
  public void delay(String node, Duration d) {
    hub.delay(node, d);
  }

  /** {@code a} and {@code b} cannot reach each other (in either direction); others still reach both. */
  public void partition(String a, String b) {
    hub.partition(a, b);
  }

  /** Lifts every stall, delay, drop and partition (killed nodes stay dead). */
  public void heal() {
    hub.heal();
  }

  /** Calls delivered to {@code node} so far. */
  public long delivered(String node) {
    return hub.delivered(node);
  }

  /**
   * Calls of one kind delivered to {@code node} so far: those whose description contains {@code what} ({@code "a
   * batch"}, {@code "the fetch"}, {@code "a hold"}, {@code "a release"}). A test that counts the calls it makes counts
   * them by kind, since the holds and releases the collector causes come whenever it runs.
   */
  public long delivered(String node, String what) {
    return hub.delivered(node, what);
  }

  @Override
  public String toString() {
    return "InProcessNetwork[" + hub + "]";
  }
}
