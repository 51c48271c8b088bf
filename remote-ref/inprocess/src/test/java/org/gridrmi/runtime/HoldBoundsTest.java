package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.store.ValueTable;
import org.gridrmi.runtime.transport.Timeouts;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * What a holder's calls may cost the owner (issue 27, items 3 and 5): ids per call, holds parked for values not made
 * yet, lease entries; nothing per id on the timer.
 */
class HoldBoundsTest {
  final InProcessNetwork net = new InProcessNetwork();
  /** The owner's time: its holders' leases (a minute) lapse only when a test moves it. */
  final ManualTicker ticker = new ManualTicker();

  final TestNodes.Started owner = TestNodes.node(
      net, "O", RuntimeSettings.DEFAULT.withTimeouts(Timeouts.DEFAULT).withTicker(ticker));

  @AfterEach
  void close() {
    owner.close();
  }

  static List<UUID> randomIds(int n) {
    List<UUID> ids = new ArrayList<>(n);
    for (int i = 0; i < n; i++) ids.add(UUID.randomUUID());
    return ids;
  }

  @Test
  void aHoldNamingMoreIdsThanTheLimitIsRefusedNamingIt() {
    List<UUID> ids = randomIds(ValueTable.MAX_IDS_PER_CALL + 1);
    assertThatThrownBy(() -> owner.endpoint().hold(UUID.randomUUID(), 0, ids))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("at most " + ValueTable.MAX_IDS_PER_CALL);
    assertThat(owner.node().table().parkedHolds()).isZero();
  }

  @Test
  void aHoldOrReleaseWithANegativeSequenceNumberIsRefusedNamingIt() {
    UUID holder = UUID.randomUUID();
    UUID id = UUID.randomUUID();
    assertThatThrownBy(() -> owner.endpoint().hold(holder, -1, List.of(id)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("numbered -1");
    assertThatThrownBy(() -> owner
            .endpoint()
            .release(holder, -1, List.of(org.gridrmi.runtime.wire.Release.explicit(id))))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("numbered -1");
    assertThat(owner.node().table().parkedHolds()).as("nothing parked for it").isZero();
  }

  @Test
  void aTransferAcknowledgementNamingMoreIdsThanTheLimitIsRefusedNamingIt() {
    List<Long> ids = new ArrayList<>();
    for (long i = 1; i <= ValueTable.MAX_IDS_PER_CALL + 1; i++) ids.add(i);
    assertThatThrownBy(() -> owner.endpoint().transferred(ids))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("at most " + ValueTable.MAX_IDS_PER_CALL);
    owner.endpoint().transferred(ids.subList(0, 10)); // transfers nobody was given: nothing changes
    assertThat(owner.runtime().pins().size()).isZero();
  }

  @Test
  void holdsOfUnknownIdsAddNoTimerTaskAndTheSweepDropsThemAfterALease() {
    int before = owner.runtime().timerTasks();
    owner.endpoint().hold(UUID.randomUUID(), 0, randomIds(1_000));
    assertThat(owner.runtime().timerTasks() - before).as("timer tasks added").isLessThan(10);
    assertThat(owner.node().table().parkedHolds()).isEqualTo(1_000);
    ticker.advance(java.time.Duration.ofSeconds(61));
    owner.node().table().expire(ticker.millis());
    assertThat(owner.node().table().parkedHolds()).as("a lease later").isZero();
  }

  @Test
  void aParkedHoldStillHoldsTheValueOnceItsCallMakesIt() {
    UUID holder = UUID.randomUUID();
    UUID id = UUID.randomUUID();
    owner.endpoint().hold(holder, 0, List.of(id));
    owner.node().table().create(id, UUID.randomUUID(), "its call");
    assertThat(owner.node().table().holds(holder, id)).isTrue();
    assertThat(owner.node().table().parkedHolds()).isZero();
  }

  @Test
  void holdsParkedPastTheLimitAreRefusedNamingIt() {
    UUID holder = UUID.randomUUID();
    int calls = ValueTable.MAX_PARKED_HOLDS / ValueTable.MAX_IDS_PER_CALL;
    for (int i = 0; i < calls; i++)
      owner.endpoint().hold(holder, 0, randomIds(ValueTable.MAX_IDS_PER_CALL));
    assertThatThrownBy(() -> owner.endpoint().hold(holder, 0, randomIds(1)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED))
        .hasMessageContaining(String.valueOf(ValueTable.MAX_PARKED_HOLDS));
  }

  @Test
  void aRenewalOfAHolderThatHoldsNothingMakesNoLeaseEntry() {
    for (int i = 0; i < 100; i++)
      owner.endpoint().renew(UUID.randomUUID(), org.gridrmi.runtime.wire.HeldDigest.EMPTY);
    assertThat(owner.node().table().holders()).isZero();
  }

  @Test
  void leaseEntriesAreBoundedAndThoseOfHoldersThatHoldNothingGoFirst() {
    UUID id = UUID.randomUUID();
    owner.node().table().put(id, UUID.randomUUID(), "v", "value");
    List<UUID> holders = randomIds(ValueTable.MAX_HOLDERS - 1); // and the one that put it
    for (UUID h : holders) owner.endpoint().hold(h, 0, List.of(id));
    assertThatThrownBy(() -> owner.endpoint().hold(UUID.randomUUID(), 0, List.of(id)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED))
        .hasMessageContaining(String.valueOf(ValueTable.MAX_HOLDERS));
    owner
        .endpoint()
        .release(holders.get(0), 0, List.of(org.gridrmi.runtime.wire.Release.explicit(id)));
    UUID late = UUID.randomUUID();
    owner
        .endpoint()
        .hold(late, 0, List.of(id)); // the entry of a holder that holds nothing made room
    assertThat(owner.node().table().holds(late, id)).isTrue();
  }

  /**
   * A holder asks for what it holds a page at a time, at most as many ids as one hold names; a page size past that (or
   * below one) is refused naming the limit, and a renewal with no digest is refused, before either reads anything.
   */
  @Test
  void aListOfHeldValuesOrARenewalOutsideTheLimitsIsRefusedNamingThem() {
    UUID holder = UUID.randomUUID();
    for (int max : new int[] {0, ValueTable.MAX_IDS_PER_CALL + 1}) {
      assertThatThrownBy(() -> owner.endpoint().listHeld(holder, null, max))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
          .hasMessageContaining("ask for 1 to " + ValueTable.MAX_IDS_PER_CALL);
    }
    assertThatThrownBy(() -> owner.endpoint().renew(holder, null))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("no digest");
    assertThat(owner.node().table().holders()).isZero();
  }
}
