package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.UUID;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.store.StoreBudget;
import org.gridrmi.runtime.store.ValueTable;
import org.gridrmi.runtime.telemetry.Telemetry;
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

  /** A value at the owner, held by another holder too, so that only this test's holder's holds change. */
  UUID valueAtOwner() {
    UUID id = UUID.randomUUID();
    table().put(id, UUID.randomUUID(), "v", "value");
    return id;
  }

  /**
   * A renewal tells the holder whether the owner holds what it counts: it agrees while the two sets are the same, and
   * not once the owner lost a hold for good (acknowledged, so no resend brings it back).
   */
  @Test
  void aRenewalTellsTheHolderThatTheOwnerLostAHold() {
    UUID kept = valueAtOwner();
    UUID lost = valueAtOwner();
    link.hold(kept);
    link.hold(lost);
    pass(3 * RENEW_MILLIS);
    assertThat(table().holds(holder, lost)).isTrue();
    assertThat(link.disagreements()).as("renewals that disagreed").isZero();

    table().loseHold(holder, lost);
    pass(RENEW_MILLIS + 10);

    assertThat(link.disagreements()).as("renewals that disagreed").isPositive();
  }
}
