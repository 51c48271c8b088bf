package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.InProcessNetwork;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.transport.Caller;
import org.gridrmi.runtime.transport.Timeouts;
import org.gridrmi.runtime.wire.Borrower;
import org.gridrmi.runtime.wire.FetchResult;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.RefContexts;
import org.gridrmi.runtime.wire.Release;
import org.gridrmi.runtime.wire.Requester;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Only the borrower itself ends what an owner keeps for it: a call naming another node's address (an abandon, a
 * fetch) is refused unless it comes from that node, which the owner asks when it sees a key for the first time.
 */
class BorrowerIdentityTest {
  final InProcessNetwork net = new InProcessNetwork();
  final TestNodes.Started owner = TestNodes.node(net, "O", Timeouts.DEFAULT);
  final TestNodes.Started borrower = TestNodes.node(net, "B", Timeouts.DEFAULT);
  final UUID client = UUID.randomUUID();

  @AfterEach
  void close() {
    borrower.close();
    owner.close();
  }

  /** A value of the owner that its client lent to B and released: the owner keeps it for B only. */
  UUID lentToB() {
    UUID id = UUID.randomUUID();
    owner.node().table().put(id, client, "v", "value");
    owner
        .node()
        .table()
        .release(
            client,
            List.of(new Release(id, Release.Cause.COLLECTED, List.of(borrowerOf(borrower)))));
    assertThat(owner.node().table().borrowers()).isEqualTo(1);
    return id;
  }

  /** How an owner names {@code n} as a borrower: its address and node id. */
  static Borrower borrowerOf(TestNodes.Started n) {
    return new Borrower(n.node().address(), n.node().id());
  }

  /** B's own key for the owner, as B's fetches and abandons carry it. */
  Requester b() {
    return borrower
        .runtime()
        .requesterKeys()
        .toOwner(borrowerOf(borrower), owner.node().address());
  }

  static <T> T as(Caller caller, java.util.function.Supplier<T> call) {
    return Caller.serving(caller, call);
  }

  void abandon(Caller caller, Requester r, UUID id) {
    as(caller, () -> {
      owner.endpoint().abandon(r, List.of(id));
      return null;
    });
  }

  @Test
  void anotherNodeCannotAbandonBsBorrowButBItselfCan() {
    UUID id = lentToB();
    Caller mallory = new Caller("inproc://M", null);
    assertThatThrownBy(() -> abandon(mallory, b(), id))
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
          assertThat(e.getMessage())
              .contains("inproc://M")
              .contains(borrower.node().address());
        });
    assertThat(owner.node().table().get(id)).as("still kept for B").isNotNull();

    abandon(new Caller(borrower.node().address(), null), b(), id); // the transport says it is B
    assertThat(owner.node().table().get(id)).as("B's abandon ends it").isNull();
  }

  @Test
  void onTheBorrowersHostOnlyTheKeyTheBorrowerGaveCounts() {
    try (TestNodes.Started o = TestNodes.rmiNode("O");
        TestNodes.Started b = TestNodes.rmiNode("B")) {
      UUID id = UUID.randomUUID();
      o.node().table().put(id, client, "v", "value");
      o.node()
          .table()
          .release(
              client, List.of(new Release(id, Release.Cause.COLLECTED, List.of(borrowerOf(b)))));
      // a caller from B's host (as every process on one machine is) that is not B: B did not give
      // that key
      Caller sameHost = new Caller("127.0.0.1", null);
      java.util.function.Consumer<Requester> abandon = r -> as(sameHost, () -> {
        o.endpoint().abandon(r, List.of(id));
        return null;
      });
      assertThatThrownBy(() ->
              abandon.accept(new Requester(b.node().address(), b.node().id(), UUID.randomUUID())))
          .isInstanceOfSatisfying(GridException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
            assertThat(e.getMessage())
                .contains("127.0.0.1")
                .contains(b.node().address())
                .contains("did not give the key");
          });
      assertThatThrownBy(
              () -> abandon.accept(new Requester(b.node().address(), b.node().id(), null)))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.getMessage()).contains("no requester key"));
      assertThatThrownBy(() -> as(new Caller("10.9.8.7", null), () -> {
            o.endpoint()
                .abandon(
                    new Requester(b.node().address(), b.node().id(), UUID.randomUUID()),
                    List.of(id));
            return null;
          }))
          .as("another host: B is not even asked")
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.getMessage()).contains("from another host"));
      assertThat(o.node().table().get(id)).as("still kept for B").isNotNull();

      abandon.accept(
          b.runtime().requesterKeys().toOwner(borrowerOf(b), o.node().address())); // B confirms it
      assertThat(o.node().table().get(id)).as("B's own abandon ends it").isNull();
    }
  }

  @Test
  void anAbandonWhoseRequesterCannotBeAskedIsUnavailableSoTheBorrowerSendsItAgain() {
    // answered PERMISSION_DENIED, the borrower's Fetcher took the refusal as final, and the
    // owner kept the value for B until its lease
    try (TestNodes.Started o = TestNodes.rmiNode("O")) {
      UUID id = UUID.randomUUID();
      o.node().table().put(id, client, "v", "value");
      Requester bsKey;
      try (TestNodes.Started b = TestNodes.rmiNode("B")) {
        o.node()
            .table()
            .release(
                client, List.of(new Release(id, Release.Cause.COLLECTED, List.of(borrowerOf(b)))));
        bsKey = b.runtime().requesterKeys().toOwner(borrowerOf(b), o.node().address());
      } // B is gone: O cannot ask it whether it gave that key
      Caller fromBsHost = new Caller("127.0.0.1", null);
      for (int attempt = 1; attempt <= 2; attempt++) {
        assertThatThrownBy(() -> as(fromBsHost, () -> {
              o.endpoint().abandon(bsKey, List.of(id));
              return null;
            }))
            .isInstanceOfSatisfying(GridException.class, e -> {
              assertThat(e.status()).isEqualTo(Status.UNAVAILABLE);
              assertThat(HolderLink.worthRetrying(e))
                  .as("the borrower sends it again")
                  .isTrue();
              assertThat(e.getMessage())
                  .contains(bsKey.address())
                  .contains("could not be asked to confirm it");
            });
        assertThat(o.endpoint().confirmationsAsked())
            .as("nothing remembered: every attempt asks again")
            .isEqualTo(attempt);
      }
      assertThat(o.node().table().get(id)).as("still kept for B").isNotNull();
    }
  }

  @Test
  void anAnsweredFetchEndsNoBorrowEvenFromTheBorrowerOnlyItsAbandonDoes() {
    // the answer may never reach B (lost, or B stopped waiting): B asks again and must find it
    UUID id = lentToB();
    FetchResult r =
        as(new Caller("inproc://M", null), () -> owner.endpoint().fetch(id, 0, b(), false, null));
    assertThat(r.state())
        .as("the value is served to anyone: its id is what lets one read it")
        .isEqualTo(FetchResult.State.READY);
    as(
        new Caller(borrower.node().address(), null),
        () -> owner.endpoint().fetch(id, 0, b(), false, null));
    assertThat(owner.node().table().borrowers())
        .as("B's borrow stays after B's fetch")
        .isEqualTo(1);
    abandon(new Caller(borrower.node().address(), null), b(), id); // B has it
    assertThat(owner.node().table().get(id)).as("B's word ends it").isNull();
  }

  @Test
  void aBorrowerThatHadTheValueBeforeItWasLentToItIsKeptNothingFor() {
    // the usual order: B runs its call and fetches as soon as it has the reference, while the
    // client's release naming B as a borrower comes later, when the client drops its own reference
    try (TestNodes.Started o = TestNodes.rmiNode("O");
        TestNodes.Started b = TestNodes.rmiNode("B")) {
      UUID id = UUID.randomUUID();
      o.node().table().put(id, client, "v", "value");
      Requester bItself =
          b.runtime().requesterKeys().toOwner(borrowerOf(b), o.node().address());
      Caller fromBsHost = new Caller("127.0.0.1", null);
      as(fromBsHost, () -> o.endpoint().fetch(id, 0, bItself, false, null));
      as(fromBsHost, () -> {
        o.endpoint().abandon(bItself, List.of(id)); // what B's Fetcher says once it has the value
        return null;
      });
      o.node()
          .table()
          .release(
              client, List.of(new Release(id, Release.Cause.COLLECTED, List.of(borrowerOf(b)))));
      assertThat(o.node().table().get(id))
          .as("nothing kept for B, which has it")
          .isNull();
      assertThat(o.endpoint().confirmationsAsked()).as("B was asked once").isEqualTo(1);
    }
  }

  @Test
  void aBorrowerRestartedAtTheSameAddressIsKeptTheValueAgainUntilItsNewLifeHasIt() {
    // B's first life fetched the value and said so; B restarts at the same address (a new node,
    // with no replica), is lent the value again, and the client drops its reference: the owner must
    // keep it for B's new life (the lifetime simulation's seeds 88 and 8991)
    UUID id = UUID.randomUUID();
    owner.node().table().put(id, client, "v", "value");
    Requester firstLife = b();
    Caller fromB = new Caller(borrower.node().address(), null);
    abandon(fromB, firstLife, id); // B's first life has it
    borrower.close();
    try (TestNodes.Started again = TestNodes.node(net, "B", Timeouts.DEFAULT)) {
      assertThat(again.node().address()).isEqualTo(borrower.node().address());
      assertThat(again.node().id()).isNotEqualTo(borrower.node().id());
      owner
          .node()
          .table()
          .release(
              client,
              List.of(new Release(id, Release.Cause.COLLECTED, List.of(borrowerOf(again)))));
      assertThat(owner.node().table().get(id))
          .as("kept for B's new life, which has not fetched it")
          .isNotNull();
      assertThat(owner.node().table().borrowers()).isEqualTo(1);

      abandon(fromB, firstLife, id); // B's first life's word again, late (delivered twice)
      assertThat(owner.node().table().get(id))
          .as("the first life's abandon ends nothing of the new life's borrow")
          .isNotNull();

      abandon(
          fromB,
          again
              .runtime()
              .requesterKeys()
              .toOwner(borrowerOf(again), owner.node().address()),
          id);
      assertThat(owner.node().table().get(id))
          .as("the new life's own word ends it")
          .isNull();
    }
  }

  @Test
  void anAbandonThatNamesNoNodeIsRefusedAndEndsNothing() {
    UUID id = lentToB();
    assertThatThrownBy(() -> abandon(
            new Caller(borrower.node().address(), null),
            new Requester(borrower.node().address(), null, null),
            id))
        .isInstanceOfSatisfying(GridException.class, e -> {
          assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT);
          assertThat(e.getMessage()).contains("names no node id");
        });
    assertThat(owner.node().table().get(id)).as("still kept for B").isNotNull();
  }

  @Test
  void aServersHoldsCannotBeReleasedByItsPublicNodeId() throws Exception {
    UUID id = UUID.randomUUID();
    owner.node().table().put(id, client, "v", "value");
    // B reads a reference to it inside a value: B holds it at the owner (Java RMI's dirty call)
    HeldReferences held = new HeldReferences(borrower.node(), 1_000, o -> true);
    Ref<String> inB = new Ref<>(id, owner.node().address(), RefContexts.unbound());
    held.adopt(inB);
    org.awaitility.Awaitility.await()
        .atMost(java.time.Duration.ofSeconds(5))
        .until(() -> owner.node().table().holders() == 2); // the client and B
    owner.node().table().release(client, List.of(Release.explicit(id)));

    UUID bsNodeId = as(new Caller("inproc://M", null), () -> borrower.endpoint().info())
        .id(); // anyone may ask it
    assertThat(bsNodeId).isEqualTo(borrower.node().id());
    assertThatThrownBy(() -> as(new Caller("inproc://M", null), () -> {
          owner.endpoint().release(bsNodeId, 0, List.of(Release.explicit(id)));
          return null;
        }))
        .as("a release by a holder that holds nothing there is refused")
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED));
    as(new Caller("inproc://M", null), () -> owner.endpoint().cancel(bsNodeId, id));
    assertThat(owner.node().table().get(id))
        .as("B's hold stays: B does not hold as its node id")
        .isNotNull();
    java.lang.ref.Reference.reachabilityFence(inB);
    held.close();
  }
}
