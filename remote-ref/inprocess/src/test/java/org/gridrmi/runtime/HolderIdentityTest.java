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
import org.gridrmi.runtime.wire.HeldDigest;
import org.junit.jupiter.api.Test;

/** Only a holder acts on its values; under TLS a holder id belongs to the certificate that first used it. */
class HolderIdentityTest {
  static final Caller ALICE = new Caller("10.0.0.1", "CN=alice");
  static final Caller MALLORY = new Caller("10.0.0.2", "CN=mallory");

  @Test
  void anotherPeerCannotReleaseRenewListOrCancelForAHolderThatIsNotItsOwn() {
    try (TestNodes.Started n = TestNodes.node(new InProcessNetwork(), "H1", Timeouts.DEFAULT)) {
      UUID holder = UUID.randomUUID();
      UUID id = UUID.randomUUID();
      Caller.serving(
          ALICE,
          () -> n.endpoint()
              .renew(holder, HeldDigest.EMPTY)); // alice's first use binds the holder to her
      n.node().table().create(id, holder, "call");
      for (Runnable act : List.<Runnable>of(
          () -> n.endpoint()
              .release(holder, 0, List.of(org.gridrmi.runtime.wire.Release.explicit(id))),
          () -> n.endpoint().renew(holder, HeldDigest.EMPTY),
          () -> n.endpoint().listHeld(holder, null, 10),
          () -> n.endpoint().cancel(holder, id))) {
        assertThatThrownBy(() -> Caller.serving(MALLORY, () -> {
              act.run();
              return null;
            }))
            .isInstanceOfSatisfying(GridException.class, e -> {
              assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
              assertThat(e.getMessage()).contains("CN=mallory");
            });
      }
      assertThat(n.node().table().get(id)).as("still there").isNotNull();
      assertThat(Caller.serving(ALICE, () -> n.endpoint().cancel(holder, id))).isTrue();
    }
  }

  /**
   * A Grid asks which of its batches a server still waits for ({@code awaitingHolds}); an id it names that the server
   * never received is given up (its batch refused if it comes later). Another peer naming the holder is refused and
   * gives up nothing; naming its own holder, it gives up only its own batches of that id.
   */
  @Test
  void anotherPeerCannotAskAboutOrGiveUpAHoldersBatches() {
    try (TestNodes.Started n = TestNodes.node(new InProcessNetwork(), "H4", Timeouts.DEFAULT)) {
      UUID holder = UUID.randomUUID();
      UUID malloryHolder = UUID.randomUUID();
      ReceivedTransfers received = n.node().runtime().received();
      Caller.serving(ALICE, () -> n.endpoint().renew(holder, HeldDigest.EMPTY));
      received.receiving(holder, 7, "H4"); // alice's batch 7 arrived, its holds not settled
      assertThatThrownBy(() ->
              Caller.serving(MALLORY, () -> n.endpoint().awaitingHolds(holder, List.of(7L, 8L))))
          .isInstanceOfSatisfying(GridException.class, e -> {
            assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED);
            assertThat(e.getMessage()).contains("CN=mallory");
          });
      assertThat(received.givenUp()).as("mallory gave up nothing of alice's").isZero();
      assertThat(Caller.serving(
              MALLORY, () -> n.endpoint().awaitingHolds(malloryHolder, List.of(7L, 8L))))
          .as("mallory's own batches 7 and 8 were never received")
          .isEmpty();
      assertThat(Caller.serving(ALICE, () -> n.endpoint().awaitingHolds(holder, List.of(7L))))
          .as("alice's batch 7 still waits")
          .containsExactly(7L);
      received.receiving(holder, 8, "H4"); // alice's batch 8 is not refused: mallory's 8 was
    }
  }

  @Test
  void aNonHolderCannotCancelOrReleaseEvenWithoutTls() {
    try (TestNodes.Started n = TestNodes.node(new InProcessNetwork(), "H2", Timeouts.DEFAULT)) {
      UUID holder = UUID.randomUUID();
      UUID id = UUID.randomUUID();
      n.node().table().create(id, holder, "call");
      UUID stranger = UUID.randomUUID();
      assertThat(n.endpoint().cancel(stranger, id)).isFalse();
      n.endpoint().release(stranger, 0, List.of(org.gridrmi.runtime.wire.Release.explicit(id)));
      assertThat(n.node().table().get(id)).isNotNull();
    }
  }

  /**
   * A peer with a certificate that names a new holder id in every call makes the node remember who used each: that
   * table is bounded (least recently used forgotten first), as every table a peer feeds is.
   */
  @Test
  void holderIdsBoundToCertificatesAreBounded() {
    try (TestNodes.Started n = TestNodes.node(new InProcessNetwork(), "H3", Timeouts.DEFAULT)) {
      int limit = org.gridrmi.runtime.store.ValueTable.MAX_HOLDERS;
      UUID first = UUID.randomUUID();
      Caller.serving(ALICE, () -> n.endpoint().renew(first, HeldDigest.EMPTY));
      for (int i = 0; i < limit + 1_000; i++) {
        UUID holder = UUID.randomUUID();
        Caller.serving(MALLORY, () -> n.endpoint().renew(holder, HeldDigest.EMPTY));
      }
      assertThat(n.endpoint().holderIdentities()).isLessThanOrEqualTo(limit);
    }
  }
}
