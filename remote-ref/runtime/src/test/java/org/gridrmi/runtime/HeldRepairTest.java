package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.store.ValueTable;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.wire.Release;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Renewals that say what is held, and the repair they start: a holder link and a real owner node ({@link LocalNode},
 * {@link NodeEndpoint}, {@link ValueTable}) on a {@link SimWorld}'s network and simulated time, which loses nothing
 * unless a test says so. A hold or release lost for good (in a way no resend repairs: the owner forgot it, or kept a
 * hold the holder let go of) is repaired after the next renewals.
 */
class HeldRepairTest {
  static final long LEASE_MILLIS = 900;
  static final long RENEW_MILLIS = LEASE_MILLIS / 3;
  final SimWorld world = new SimWorld(7);
  final SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
  final RuntimeSettings settings = RuntimeSettings.DEFAULT.withTicker(world.ticker);
  final SimWorld.Node ownerNode = world.node("sim://O", 1);
  final NodeRuntime ownerRuntime = runtime("O", ownerNode);
  final LocalNode owner = LocalNode.start(
      UUID.randomUUID(),
      "O",
      "sim",
      0,
      LEASE_MILLIS,
      StoreBudget.defaults(),
      ownerRuntime,
      NodeEndpoint::new);
  final SimWorld.Node holderNode = world.node("sim://H", 1);
  final NodeRuntime holderRuntime = runtime("H", holderNode);
  final UUID holder = UUID.randomUUID();
  final HolderLink link = new HolderLink(holderRuntime, holder, ownerNode.address, RENEW_MILLIS);

  {
    ownerNode.local = owner;
  }

  NodeRuntime runtime(String name, SimWorld.Node node) {
    return new NodeRuntime(
        name, node.transport, policy, settings, Telemetry.OFF, node.tasks, node.timer);
  }

  @AfterEach
  void close() {
    holderRuntime.close();
    owner.close();
    ownerRuntime.close();
  }

  /** Lets {@code millis} pass, running every task as soon as it is queued. */
  void pass(long millis) {
    for (long t = 0; t < millis; t += 10) {
      while (world.runReady()) {}
      world.advance(10);
    }
    while (world.runReady()) {}
  }

  ValueTable table() {
    return owner.table();
  }

  /** A value at the owner, held by the owner itself too, so that only this test's holder's holds change. */
  UUID valueAtOwner() {
    UUID id = UUID.randomUUID();
    table().put(id, owner.id(), "v", "value"); // the node's own hold: it never lapses
    return id;
  }

  /**
   * The owner lost the holder's hold for good (a fault no resend repairs: the hold was acknowledged): the renewals,
   * which agreed while both sides held the same, find the digests differ while nothing was on its way, and the repair
   * holds the value again; once repaired, the renewals agree.
   */
  @Test
  void aHoldTheOwnerLostForGoodIsHeldAgainAfterTheNextRenewal() {
    UUID kept = valueAtOwner();
    UUID lost = valueAtOwner();
    link.hold(kept);
    link.hold(lost);
    pass(3 * RENEW_MILLIS);
    assertThat(link.disagreements())
        .as("renewals that disagreed while both held the same")
        .isZero();

    table().loseHold(holder, lost);
    pass(2 * RENEW_MILLIS);

    assertThat(link.disagreements()).as("renewals that disagreed").isPositive();
    assertThat(link.repairs()).as("repairs").isPositive();
    assertThat(table().holds(holder, lost)).as("held again").isTrue();
    assertThat(table().holds(holder, kept)).isTrue();
    long disagreed = link.disagreements();
    pass(3 * RENEW_MILLIS);
    assertThat(link.disagreements())
        .as("renewals that disagreed once repaired")
        .isEqualTo(disagreed);
  }

  /**
   * Values the holder counts as held because the batch that makes them is on its way (the owner has not registered
   * it yet) make renewals differ while none of the link's own holds or releases is: a difference that moves from one
   * renewal to the next is such values, not a lost hold, and starts no repair (a client submitting a million calls
   * started one at nearly every renewal, each listing up to a million ids). Once they arrive, renewals agree.
   */
  @Test
  void aDifferenceThatMovesBetweenRenewalsIsValuesOnTheirWayAndStartsNoRepair() {
    link.hold(valueAtOwner());
    pass(RENEW_MILLIS);
    List<UUID> onTheirWay = new ArrayList<>();
    for (int i = 0; i < 12; i++) {
      UUID v = valueAtOwner();
      link.heldThere(v); // made for the holder by a batch the owner has not registered yet
      onTheirWay.add(v);
      pass(RENEW_MILLIS / 2);
    }
    assertThat(link.disagreements()).as("renewals whose digests differed").isPositive();
    assertThat(link.repairs()).as("repairs").isZero();
    onTheirWay.forEach(v -> table().hold(v, holder)); // the batches arrived
    long differed = link.disagreements();
    pass(3 * RENEW_MILLIS);
    assertThat(link.disagreements())
        .as("renewals that differed once they arrived")
        .isEqualTo(differed);
    assertThat(link.repairs()).isZero();
  }

  /**
   * The owner kept a hold the holder released (a release lost for good): a repair finds the owner lists a value the
   * link does not count, and a repair at least a lease later, finding it so still, releases it.
   */
  @Test
  void aReleaseTheOwnerNeverAppliedIsSentAgainALeaseLater() {
    UUID v = valueAtOwner();
    link.hold(v);
    UUID other = valueAtOwner();
    link.hold(other); // so that the link goes on renewing
    pass(RENEW_MILLIS);
    link.release(List.of(Release.explicit(v)));
    pass(RENEW_MILLIS);
    assertThat(table().holds(holder, v)).isFalse();

    table().hold(v, holder); // the owner holds it for the holder all the same
    pass(2 * RENEW_MILLIS);
    assertThat(table().holds(holder, v))
        .as("not before a lease: a receipt may be late")
        .isTrue();
    pass(LEASE_MILLIS + 2 * RENEW_MILLIS);

    assertThat(table().holds(holder, v)).as("released by the repair").isFalse();
    assertThat(table().holds(holder, other)).isTrue();
  }

  /**
   * A value the owner made for the holder, whose batch's receipt reaches the holder late (within a lease): the owner
   * lists it, the link does not count it yet, and the repair must not release it, since the holder is about to hold it.
   */
  @Test
  void aValueMadeForTheHolderWhoseReceiptIsLateIsNotReleased() {
    UUID other = valueAtOwner();
    link.hold(other);
    pass(RENEW_MILLIS);
    UUID made = UUID.randomUUID();
    table().create(made, holder, "a call's result");
    pass(2 * RENEW_MILLIS + 10); // renewals disagree, a repair sees it
    assertThat(link.repairs()).isPositive();
    link.heldThere(made); // the receipt
    pass(RENEW_MILLIS);
    long disagreed = link.disagreements();
    pass(3 * LEASE_MILLIS);
    assertThat(table().holds(holder, made)).as("kept for the holder").isTrue();
    assertThat(link.disagreements()).as("once it counts it").isEqualTo(disagreed);
  }

  /**
   * A link whose owner's answers were lost for a lease gives up, but the owner kept its holds (the renewals reached it).
   * The link keeps counting what the holder holds: once it starts again, the renewals agree and nothing is released.
   * Forgotten at the give-up, those values looked to the repair like releases lost, and were released while held.
   */
  @Test
  void aLinkThatGaveUpOnAnOwnerThatKeptItsHoldsReleasesNothingWhenItStartsAgain() {
    UUID v = valueAtOwner();
    link.hold(v);
    pass(RENEW_MILLIS);
    world.lostAnswerRate = 1; // every call runs at the owner, and its answer is lost
    pass(LEASE_MILLIS + 2 * RENEW_MILLIS);
    assertThat(link.lapses()).as("the link gave up").isEqualTo(1);
    assertThat(table().holds(holder, v)).as("the owner kept it").isTrue();
    world.heal();
    link.hold(valueAtOwner()); // starts it again
    pass(3 * LEASE_MILLIS);
    assertThat(table().holds(holder, v)).as("still held").isTrue();
    assertThat(link.holds(v)).isTrue();
  }
}
