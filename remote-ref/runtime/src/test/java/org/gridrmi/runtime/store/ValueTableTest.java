package org.gridrmi.runtime.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.UUID;
import org.gridrmi.runtime.ManualTicker;
import org.gridrmi.runtime.wire.HeldDigest;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Renewal;
import org.junit.jupiter.api.Test;

class ValueTableTest {
  final UUID self = UUID.randomUUID();
  final UUID client = UUID.randomUUID();
  /** The table's time: it moves only when a test says (leases, borrows and early releases are counted on it). */
  final ManualTicker ticker = new ManualTicker();

  final ValueTable table = new ValueTable(self, 1000, TestStores.inMemory(), ticker::millis);

  @Test
  void valueIsFreedWhenItsLastHolderReleases() {
    UUID id = UUID.randomUUID();
    UUID other = UUID.randomUUID();
    table.put(id, client, "v", "x");
    table.hold(id, other);
    table.release(client, List.of(id));
    assertThat(table.get(id)).isNotNull();
    table.release(other, List.of(id));
    assertThat(table.get(id)).isNull();
  }

  @Test
  void aHolderThatReleasesAValueItDoesNotHoldIsRefusedAndChangesNothingForItsHolders() {
    UUID id = UUID.randomUUID();
    UUID mine = UUID.randomUUID();
    UUID liar = UUID.randomUUID();
    table.put(id, client, "v", "x");
    table.put(mine, liar, "w", "y");
    assertThatThrownBy(() -> table.release(liar, List.of(mine, id)))
        .isInstanceOfSatisfying(org.gridrmi.ref.GridException.class, e -> {
          assertThat(e.status()).isEqualTo(org.gridrmi.ref.Status.PERMISSION_DENIED);
          assertThat(e.getMessage())
              .contains("1 of 2")
              .contains(org.gridrmi.runtime.wire.ValueIds.shortForm(id))
              .contains("does not hold");
        });
    assertThat(table.get(mine)).as("its own release was done").isNull();
    assertThat(table.holds(client, id)).as("the holder's hold stays").isTrue();
    table.release(client, List.of(id));
    assertThat(table.get(id)).isNull();
  }

  @Test
  void aLateDuplicateOfAReleaseDoesNotEndTheSameHoldersNewerHold() {
    // seed 443 of the lifetime simulation: server S held a client's value by reference, released it
    // (the network delivered that release twice), then held it again; the late duplicate ended the
    // newer hold, and the value was freed while S held it. S's link numbers its calls 1, 2, 3.
    UUID id = UUID.randomUUID();
    UUID server = UUID.randomUUID();
    table.create(id, client, "v");
    table.hold(id, server, 1);
    table.release(server, 2, List.of(Release.explicit(id)));
    table.hold(id, server, 3);
    table.release(client, List.of(id));
    table.release(server, 2, List.of(Release.explicit(id))); // the first release's duplicate, late
    assertThat(table.holds(server, id)).as("the newer hold stays").isTrue();
    assertThat(table.get(id)).isNotNull();
    table.release(server, 4, List.of(Release.explicit(id)));
    assertThat(table.get(id)).as("its own later release ends it").isNull();
  }

  @Test
  void aHoldDelayedPastTheReleaseAfterItDoesNotHoldTheValueAgain() {
    UUID id = UUID.randomUUID();
    UUID server = UUID.randomUUID();
    table.create(id, client, "v");
    table.hold(
        id, server, 5); // answered, then sent again as 6 (the answer was lost): 5 is on its way
    table.hold(id, server, 6);
    table.release(server, 7, List.of(Release.explicit(id)));
    assertThat(table.hold(id, server, 5)).as("the first hold, late").isFalse();
    assertThat(table.holds(server, id)).isFalse();
    table.release(client, List.of(id));
    assertThat(table.get(id))
        .as("nobody holds it: freed, not kept for the late hold")
        .isNull();
  }

  @Test
  void aReleaseThatCameBeforeTheValueEndsOnlyTheHoldsMadeBeforeIt() {
    UUID older = UUID.randomUUID();
    UUID newer = UUID.randomUUID();
    UUID server = UUID.randomUUID();
    // the server's holds wait for values whose calls are on their way; a release of each overtakes
    // them
    table.holdWhenCreated(older, server, 1);
    table.release(server, 2, List.of(Release.explicit(older)));
    table.release(
        server, 3, List.of(Release.explicit(newer))); // a late duplicate of an old release
    table.holdWhenCreated(newer, server, 4);
    table.create(older, client, "a");
    table.create(newer, client, "b");
    assertThat(table.holds(server, older))
        .as("its release was made after the hold")
        .isFalse();
    assertThat(table.holds(server, newer))
        .as("its hold was made after the release")
        .isTrue();
    assertThat(table.hold(older, server, 1)).as("the first hold again, late").isFalse();
  }

  @Test
  void aLapsedLeaseFreesEveryValueOfItsHolderButNotTheNodesOwn() {
    long now = ticker.millis();
    table.create(UUID.randomUUID(), client, "a");
    table.put(UUID.randomUUID(), client, "b", 1);
    table.put(UUID.randomUUID(), self, "mine", 2);
    assertThat(table.expire(now + 500)).isZero();
    table.renew(client);
    assertThat(table.expire(ticker.millis() + 500)).isZero();
    assertThat(table.expire(ticker.millis() + 1500)).isEqualTo(2);
    assertThat(table.size()).isEqualTo(1);
  }

  @Test
  void aValueIsKeptForItsBorrowersNoLongerThanTheReleaseSaysTheyMayNeedIt() {
    UUID bounded = UUID.randomUUID();
    UUID unbounded = UUID.randomUUID();
    table.put(bounded, client, "v", 1);
    table.put(unbounded, client, "v", 2);
    long now = ticker.millis();
    table.release(
        client,
        List.of(
            new org.gridrmi.runtime.wire.Release(
                bounded,
                org.gridrmi.runtime.wire.Release.Cause.EXPLICIT,
                List.of(new org.gridrmi.runtime.wire.Borrower("rmi://S3:1", UUID.randomUUID())),
                100),
            new org.gridrmi.runtime.wire.Release(
                unbounded,
                org.gridrmi.runtime.wire.Release.Cause.EXPLICIT,
                List.of(new org.gridrmi.runtime.wire.Borrower("rmi://S3:1", UUID.randomUUID())))));
    assertThat(table.borrowers()).isEqualTo(2);
    table.expire(now + 50);
    assertThat(table.get(bounded))
        .as("within the time its borrower's call may still fetch it")
        .isNotNull();
    table.expire(now + 300);
    assertThat(table.get(bounded)).as("past it").isNull();
    assertThat(table.get(unbounded)).as("a call without a deadline: a lease").isNotNull();
    table.expire(now + 1500);
    assertThat(table.get(unbounded)).isNull();
  }

  @Test
  void aValueIsWrittenOnceAndACommandSentTwiceIsIgnored() {
    UUID id = UUID.randomUUID();
    Slot s = table.create(id, client, "call");
    assertThat(table.create(id, client, "call")).isNull();
    assertThat(s.set("first")).isTrue();
    assertThat(s.set("second")).isFalse();
    assertThat(s.future().join()).isEqualTo("first");
    assertThat(s.cancel("call")).isFalse();
  }

  @Test
  void onlyTheProducerWritesAValue() {
    UUID call = UUID.randomUUID();
    Slot pending = table.create(call, client, "call");
    UUID forger = UUID.randomUUID();
    assertThatThrownBy(() -> table.put(call, forger, "forged", "forged"))
        .isInstanceOf(org.gridrmi.ref.GridException.class)
        .hasMessageContaining("only a value's producer writes it");
    assertThat(pending.set("real")).as("the call's own result is stored").isTrue();
    assertThat(table.get(call).future().join()).isEqualTo("real");
    assertThat(table.holds(forger, call)).isFalse();

    UUID put = UUID.randomUUID();
    table.put(put, client, "put", "mine");
    assertThatThrownBy(() -> table.put(put, forger, "forged", "forged"))
        .isInstanceOf(org.gridrmi.ref.GridException.class);
    assertThat(table.put(put, client, "put", "mine").future().join())
        .as("pushed again by its writer")
        .isEqualTo("mine");
  }

  @Test
  void aCreationWaiterCompletesWhenTheIdIsMadeAndAnAbandonedOneLeavesNothing() {
    UUID id = UUID.randomUUID();
    var waiter = table.whenCreated(id);
    assertThat(waiter).isNotDone();
    assertThat(table.creationWaiters()).isEqualTo(1);
    Slot s = table.create(id, client, "a");
    assertThat(waiter).isCompletedWithValue(s);
    assertThat(table.creationWaiters()).isZero();
    assertThat(table.whenCreated(id)).isCompletedWithValue(s);

    UUID put = UUID.randomUUID();
    var byPut = table.whenCreated(put);
    Slot p = table.put(put, client, "b", 7);
    assertThat(byPut).isCompletedWithValue(p);

    UUID never = UUID.randomUUID();
    var a = table.whenCreated(never);
    var b = table.whenCreated(never);
    table.abandon(never, a);
    assertThat(table.creationWaiters()).isEqualTo(1);
    table.abandon(never, b);
    assertThat(table.creationWaiters()).isZero();
    assertThat(a).isNotDone();
  }

  @Test
  void aFreedValueIsRememberedWithItsCause() {
    UUID explicit = UUID.randomUUID();
    UUID collected = UUID.randomUUID();
    UUID lapsed = UUID.randomUUID();
    table.put(explicit, client, "v", 1);
    table.put(collected, client, "v", 2);
    UUID other = UUID.randomUUID();
    table.put(lapsed, other, "v", 3);
    table.release(client, List.of(explicit));
    table.release(
        client,
        List.of(new org.gridrmi.runtime.wire.Release(
            collected, org.gridrmi.runtime.wire.Release.Cause.COLLECTED, List.of())));
    table.expire(ticker.millis() + 5_000);
    assertThat(table.freedBecause(explicit)).isEqualTo("released by its last holder");
    assertThat(table.freedBecause(collected)).startsWith("collected");
    assertThat(table.freedBecause(lapsed))
        .startsWith("freed when the lease of its last holder lapsed");
    assertThat(table.freedBecause(UUID.randomUUID())).isNull();
    assertThat(table.releases().explicit()).isEqualTo(1);
    assertThat(table.releases().collected()).isEqualTo(1);
    assertThat(table.releases().lapsed()).isEqualTo(1);
  }

  @Test
  void aPushedValueWhoseReleaseArrivedFirstIsNotKeptForItsPusher() {
    UUID id = UUID.randomUUID();
    // v = put(x); s2.f(v); v.release(): the release reached S2 before the batch carrying the copy
    table.release(client, List.of(id));
    Slot s = table.put(id, client, "pushed", "copy");
    assertThat(s.future().join()).as("the calls of its batch may still read it").isEqualTo("copy");
    assertThat(table.holds(client, id))
        .as("held for the client that released it")
        .isFalse();
    assertThat(table.hold(id, client)).as("a call of that batch taking it").isFalse();
    assertThat(table.holds(client, id)).isFalse();
    table.expire(ticker.millis() + 1500);
    assertThat(table.get(id)).as("a lease later").isNull();
  }

  /**
   * Seed 35 of the lifetime simulation: a client that held nothing on a node stopped renewing, its lease there ran out,
   * and before the sweep dropped the stale entry its next call made a value; the hold kept the stale expiry, so the
   * sweep freed the new value within a few ms, while the client held it.
   */
  @Test
  void aValueMadeForAHolderWhoseLeaseRanOutBeforeTheSweepLivesALease() {
    UUID first = UUID.randomUUID();
    table.create(first, client, "a");
    table.release(client, List.of(first));
    ticker.advance(java.time.Duration.ofMillis(1500)); // no renewal: it held nothing here
    UUID next = UUID.randomUUID();
    table.create(next, client, "b");
    table.expire(ticker.millis());
    assertThat(table.get(next)).as("made for the client just now").isNotNull();
    ticker.advance(java.time.Duration.ofMillis(1500));
    table.expire(ticker.millis());
    assertThat(table.get(next)).as("a lease later without a renewal").isNull();
  }

  /**
   * Seed 1 of the lifetime simulation: the network delivered a batch twice, the second copy after the client had
   * released the call's value; the table had forgotten the id, so the call was made and run again (and its value kept
   * for a holder that would never release it).
   */
  @Test
  void aCallWhoseValueWasFreedIsNotMadeAgainByTheSameBatchArrivingLate() {
    UUID id = UUID.randomUUID();
    assertThat(table.create(id, client, "once")).isNotNull();
    table.release(client, List.of(id));
    assertThat(table.get(id)).isNull();
    assertThat(table.create(id, client, "the batch again")).as("made once").isNull();
    assertThat(table.size()).isZero();
  }

  /**
   * Seed 39 of the lifetime simulation: a client's lease on a node was about to run out (it held nothing there, so its
   * link had stopped renewing) when its next call made a value; the value kept the old expiry, and when the client's
   * first renewal was lost the sweep freed it within a hundred ms, while the client's link still counted a whole lease
   * from its restart.
   */
  @Test
  void aNewHoldStartsAWholeLeaseEvenWhenTheHoldersLastOneIsAboutToRunOut() {
    UUID first = UUID.randomUUID();
    table.create(first, client, "a");
    table.release(client, List.of(first));
    ticker.advance(java.time.Duration.ofMillis(900));
    UUID next = UUID.randomUUID();
    table.create(next, client, "b");
    ticker.advance(java.time.Duration.ofMillis(200));
    table.expire(ticker.millis());
    assertThat(table.get(next)).as("200 ms after it was made").isNotNull();
  }

  /**
   * A renewal compares the holder's digest with the owner's holder index, kept as holds come and go (numbered or not,
   * released, lapsed): constant in size, it tells whether the two sets agree without sending either.
   */
  @Test
  void aRenewalSaysWhetherTheOwnerHoldsWhatTheHolderSaysItHolds() {
    UUID a = UUID.randomUUID();
    UUID b = UUID.randomUUID();
    UUID c = UUID.randomUUID();
    table.create(a, client, "a");
    table.put(b, client, "b", 1);
    table.put(c, self, "c", 2); // the node's own: it never lapses
    table.hold(c, client, 5);
    assertThat(table.renew(client, HeldDigest.of(List.of(a, b, c))).agrees()).isTrue();
    assertThat(table.renew(client, HeldDigest.of(List.of(a, b))).agrees())
        .as("the holder does not count c")
        .isFalse();
    table.release(client, 6, List.of(Release.explicit(c)));
    Renewal r = table.renew(client, HeldDigest.of(List.of(a, b)));
    assertThat(r.agrees()).isTrue();
    assertThat(r.held()).isEqualTo(HeldDigest.of(List.of(b, a)));
    assertThat(r.leaseMillis()).isEqualTo(1000);
    assertThat(table.expire(ticker.millis() + 1500)).isEqualTo(2);
    assertThat(table.heldDigest(client)).isEqualTo(HeldDigest.EMPTY);
  }

  /** A digest is a sum of mixed ids, not an exclusive or: an id counted twice does not cancel out. */
  @Test
  void aDigestTellsAnIdCountedTwiceFromNone() {
    UUID a = UUID.randomUUID();
    assertThat(HeldDigest.EMPTY.with(a).with(a).sum()).isNotEqualTo(HeldDigest.EMPTY.sum());
    assertThat(HeldDigest.EMPTY.with(a).without(a)).isEqualTo(HeldDigest.EMPTY);
    assertThat(HeldDigest.of(List.of(new UUID(0, 1))))
        .isNotEqualTo(HeldDigest.of(List.of(new UUID(1, 0))));
  }

  /** What a holder learns when it asks for its own holds: one page at a time, in order, and nothing of others. */
  @Test
  void aHolderListsItsOwnHoldsPageByPage() {
    List<UUID> mine = new java.util.ArrayList<>();
    for (int i = 0; i < 25; i++) {
      UUID id = UUID.randomUUID();
      table.put(id, client, "v", i);
      mine.add(id);
    }
    table.put(UUID.randomUUID(), UUID.randomUUID(), "another's", 0);
    List<UUID> listed = new java.util.ArrayList<>();
    UUID after = null;
    for (List<UUID> page; !(page = table.heldBy(client, after, 10)).isEmpty(); ) {
      assertThat(page).hasSizeLessThanOrEqualTo(10).isSorted();
      listed.addAll(page);
      after = page.get(page.size() - 1);
    }
    assertThat(listed).containsExactlyInAnyOrderElementsOf(mine);
    assertThat(table.heldBy(UUID.randomUUID(), null, 10)).isEmpty();
  }

  /**
   * A borrower's abandon can come before the batch that makes the value: the client's batches to the owner and to the
   * borrower travel separately, and a borrower whose call was cancelled at once (its result released as soon as it was
   * accepted) tells the owner it no longer waits before the owner has heard of the value. The holder's release, naming
   * that borrower, then kept the value for it for a lease (ChaosFindingsTest, once in a loop of the client's tests).
   */
  @Test
  void anAbandonThatOvertookTheValueEndsTheBorrowTheHoldersReleaseNamesLater() {
    UUID id = UUID.randomUUID();
    org.gridrmi.runtime.wire.Borrower s3 =
        new org.gridrmi.runtime.wire.Borrower("rmi://S3:1", UUID.randomUUID());
    table.abandonedBy(s3, List.of(id)); // not here yet
    table.create(id, client, "call").set("a");
    table.release(client, List.of(new Release(id, Release.Cause.EXPLICIT, List.of(s3))));
    assertThat(table.get(id))
        .as("freed: nobody holds it, and S3 said it does not wait for it")
        .isNull();
  }

  /**
   * A holder's release naming a borrower and that borrower's abandon, at the same time on two threads (a scope's close
   * sends both: the client's release, and the cancelled call's abandon from the server that borrowed the value). The
   * release checked that the borrower had not fetched, the abandon then marked it fetched and found no borrow to end,
   * and the release added the borrow: the value stayed a lease (ChaosFindingsTest, once in a loop of the client's
   * tests).
   */
  @Test
  void aReleaseAndTheBorrowersAbandonAtTheSameTimeLeaveNoBorrow() throws Exception {
    int n = 100_000;
    UUID[] ids = new UUID[n];
    for (int i = 0; i < n; i++) {
      ids[i] = UUID.randomUUID();
      table.create(ids[i], client, "call").set("v");
    }
    org.gridrmi.runtime.wire.Borrower s3 =
        new org.gridrmi.runtime.wire.Borrower("rmi://S3:1", UUID.randomUUID());
    java.util.concurrent.atomic.AtomicInteger releasing =
        new java.util.concurrent.atomic.AtomicInteger(-1);
    Thread abandons = new Thread(() -> {
      for (int i = 0; i < n; i++) {
        while (releasing.get() < i) Thread.onSpinWait(); // the release of this value has started
        table.abandonedBy(s3, List.of(ids[i]));
      }
    });
    abandons.start();
    for (int i = 0; i < n; i++) {
      releasing.set(i);
      table.release(client, List.of(new Release(ids[i], Release.Cause.EXPLICIT, List.of(s3))));
    }
    abandons.join();
    assertThat(table.borrowers()).as("borrows left, of %d values", n).isZero();
    assertThat(table.size()).isZero();
  }

  /** Only for a lease, and only that node: an abandon older than a lease, or from another life there, ends nothing. */
  @Test
  void anAbandonThatOvertookTheValueIsRememberedForALeaseForThatNodeOnly() {
    UUID late = UUID.randomUUID();
    UUID otherLife = UUID.randomUUID();
    org.gridrmi.runtime.wire.Borrower s3 =
        new org.gridrmi.runtime.wire.Borrower("rmi://S3:1", UUID.randomUUID());
    org.gridrmi.runtime.wire.Borrower s3Restarted =
        new org.gridrmi.runtime.wire.Borrower("rmi://S3:1", UUID.randomUUID());
    table.abandonedBy(s3, List.of(late, otherLife));
    ticker.advance(java.time.Duration.ofMillis(1001));
    table.create(late, client, "call").set("a");
    table.release(client, List.of(new Release(late, Release.Cause.EXPLICIT, List.of(s3))));
    assertThat(table.borrows(late, s3))
        .as("an abandon older than a lease is forgotten")
        .isTrue();
    table.create(otherLife, client, "call").set("b");
    table.release(
        client, List.of(new Release(otherLife, Release.Cause.EXPLICIT, List.of(s3Restarted))));
    assertThat(table.borrows(otherLife, s3Restarted))
        .as("kept for the new life")
        .isTrue();
  }

  /**
   * A server that fetched a value's failure keeps no replica of it (a failure is no value to keep), so a later call
   * there that takes the value fetches it again: the holder's release, naming that server, keeps it for it although
   * the server said it had it. Kept nothing, the new call found NOT_FOUND instead of the value's own failure (seed 4598
   * of the lifetime simulation with forgotten holds).
   */
  @Test
  void aFailedValueIsKeptForABorrowerThatFetchedItBefore() {
    UUID id = UUID.randomUUID();
    table
        .create(id, client, "call")
        .fail(org.gridrmi.runtime.wire.Failure.of(
            org.gridrmi.ref.Status.NOT_FOUND, "its argument is gone", null, null));
    org.gridrmi.runtime.wire.Borrower s1 =
        new org.gridrmi.runtime.wire.Borrower("rmi://S1:1", UUID.randomUUID());
    table.abandonedBy(s1, List.of(id)); // it fetched the failure
    table.release(
        client, List.of(new Release(id, Release.Cause.EXPLICIT, List.of(s1)))); // lent to it again
    assertThat(table.borrows(id, s1)).as("kept for its new call").isTrue();
  }

  /**
   * A value whose only hold the table lost ({@link ValueTable#loseHold}) is held by nobody: its holder's release frees it
   * as if the table had kept the hold (refused, the value was left to nobody, for good), while another holder's hold
   * keeps it as before.
   */
  @Test
  void aReleaseOfAValueWhoseHoldTheTableLostFreesItUnlessAnotherHolderHoldsIt() {
    UUID lost = putByClientItsHoldLost();
    UUID shared = UUID.randomUUID();
    table.put(shared, self, "w", 2);
    table.release(client, 7, List.of(Release.explicit(lost)));
    assertThat(table.get(lost)).as("released").isNull();
    assertThatThrownBy(() -> table.release(client, 8, List.of(Release.explicit(shared))))
        .isInstanceOfSatisfying(
            org.gridrmi.ref.GridException.class,
            e -> assertThat(e.status()).isEqualTo(org.gridrmi.ref.Status.PERMISSION_DENIED));
    assertThat(table.get(shared)).as("its other holder keeps it").isNotNull();
  }

  /**
   * A value held by nobody (its holds lost, and its holder dead, so no repair and no release comes) is freed by the
   * sweep once it has been so for two leases: no lapse would end it, since no holder's index names it.
   */
  @Test
  void aValueHeldByNobodyIsFreedByTheSweepAfterThreeLeases() {
    UUID id = putByClientItsHoldLost();
    long now = ticker.millis();
    table.renew(client); // the holder lives: only the sweep of values held by nobody may end it
    table.expire(now);
    table.expire(now + 2999);
    assertThat(table.get(id))
        .as("within three leases: its holder's repair may hold it again")
        .isNotNull();
    table.renew(client);
    table.expire(now + 3000);
    assertThat(table.get(id)).isNull();
    assertThat(table.freedBecause(id)).contains("held it for 3 leases");
  }

  /** A value the client put, whose hold the table then lost ({@link ValueTable#loseHold}): held by nobody. */
  private UUID putByClientItsHoldLost() {
    UUID id = UUID.randomUUID();
    table.put(id, client, "v", 1);
    table.loseHold(client, id);
    return id;
  }
}
