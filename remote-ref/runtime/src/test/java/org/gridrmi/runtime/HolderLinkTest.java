package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.mockito.ArgumentMatchers.any;
import static org.mockito.Mockito.mock;
import static org.mockito.Mockito.when;

import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.telemetry.Telemetry;
import org.gridrmi.runtime.transport.NodeClient;
import org.gridrmi.runtime.transport.Transport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A holder link on simulated time: its pools and timer run by a {@link SimWorld}, its owner a mock. */
class HolderLinkTest {
  static final String OWNER = "sim://owner";
  final SimWorld world = new SimWorld(1);
  final SimWorld.Node node = world.node("sim://holder", 1);
  final Transport transport = mock(Transport.class);
  final NodeClient owner = mock(NodeClient.class);
  final NodeRuntime runtime = new NodeRuntime(
      "holder",
      transport,
      new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of()),
      RuntimeSettings.DEFAULT.withTicker(world.ticker),
      Telemetry.OFF,
      node.tasks,
      node.timer);

  @AfterEach
  void close() {
    runtime.close();
  }

  /** Lets {@code millis} pass, running every task as soon as it is queued. */
  void pass(long millis) {
    for (long t = 0; t < millis; t += 10) {
      while (world.runReady()) {}
      world.advance(10);
    }
  }

  /**
   * Seed 160 of the lifetime simulation: an owner restarted at the same address after most of a lease of silence, made
   * a value for the holder (so it answered), then lost the answers to two renewals; the link counted its silence from
   * before the restart, gave up, and forgot the new value, which the owner freed a lease later while the holder held it.
   */
  @Test
  void aValueMadeForTheHolderIsAnAnswerFromTheOwner() {
    when(transport.client(OWNER)).thenReturn(owner);
    when(owner.renew(any(), any())).thenThrow(new GridException(Status.UNAVAILABLE, "restarting"));
    HolderLink link = new HolderLink(runtime, UUID.randomUUID(), OWNER, 300); // a lease of 900 ms
    link.heldThere(UUID.randomUUID());
    link.startRenewal();
    pass(800);
    UUID made = UUID.randomUUID();
    link.heldThere(made);
    link.ownerAnswered(); // its answer to the batch that made it
    pass(300);
    assertThat(link.holds(made)).as("300 ms after the owner answered").isTrue();
    assertThat(link.lapses()).isZero();
  }

  /**
   * Every hold and release call carries a number higher than every earlier one of the holder: a call sent again after
   * a failure too, and the calls of a new link to the same owner (a server drops an idle link and makes another), so
   * that the owner can drop a late or duplicate one (seed 443 of the lifetime simulation).
   */
  @Test
  void holdsAndReleasesCarryNumbersThatOnlyGrowAcrossResendsAndLinks() {
    when(transport.client(OWNER)).thenReturn(owner);
    answerRenewals(owner, 60_000L);
    List<Long> sent = new java.util.ArrayList<>();
    java.util.concurrent.atomic.AtomicInteger failHolds =
        new java.util.concurrent.atomic.AtomicInteger(1);
    org.mockito.Mockito.doAnswer(call -> {
          sent.add(call.getArgument(1));
          if (failHolds.getAndDecrement() > 0)
            throw new GridException(Status.UNAVAILABLE, "lost (simulated)");
          return null;
        })
        .when(owner)
        .hold(
            any(), org.mockito.ArgumentMatchers.anyLong(), org.mockito.ArgumentMatchers.anyList());
    org.mockito.Mockito.doAnswer(call -> sent.add(call.getArgument(1)))
        .when(owner)
        .release(
            any(), org.mockito.ArgumentMatchers.anyLong(), org.mockito.ArgumentMatchers.anyList());
    UUID holder = UUID.randomUUID();
    UUID v = UUID.randomUUID();
    HolderLink first = new HolderLink(runtime, holder, OWNER, 300);
    first.hold(v); // lost, then sent again
    pass(200);
    first.release(List.of(org.gridrmi.runtime.wire.Release.explicit(v)));
    pass(50);
    HolderLink second = new HolderLink(runtime, holder, OWNER, 300);
    second.hold(v);
    pass(50);
    assertThat(sent).as("hold, its resend, release, the new link's hold").hasSize(4);
    assertThat(sent).isSortedAccordingTo(Long::compare).doesNotHaveDuplicates();
    assertThat(sent.get(0)).isPositive();
  }

  /**
   * A renewal carries a digest of what the link holds (a count and a sum), never the set: its message is as long with
   * a hundred thousand values held as with one, so renewal traffic does not grow with the values held.
   */
  @Test
  void aRenewalIsAsLongWithAHundredThousandValuesHeldAsWithOne() throws Exception {
    when(transport.client(OWNER)).thenReturn(owner);
    List<Integer> sizes = new java.util.ArrayList<>();
    List<org.gridrmi.runtime.wire.HeldDigest> digests = new java.util.ArrayList<>();
    when(owner.renew(any(), any())).thenAnswer(call -> {
      sizes.add(serializedSize(call.getArguments()));
      digests.add(call.getArgument(1));
      return new org.gridrmi.runtime.wire.Renewal(60_000L, true, call.getArgument(1));
    });
    for (int held : List.of(1, 100_000)) {
      HolderLink link = new HolderLink(runtime, UUID.randomUUID(), OWNER, 300);
      for (int i = 0; i < held; i++) link.heldThere(UUID.randomUUID());
      link.startRenewal();
      pass(10);
      link.close();
    }
    assertThat(digests)
        .extracting(org.gridrmi.runtime.wire.HeldDigest::count)
        .containsExactly(1L, 100_000L);
    assertThat(sizes).hasSize(2);
    assertThat(sizes.get(1)).as("bytes of a renewal's arguments").isEqualTo(sizes.get(0));
  }

  /** The length of {@code args} written with Java serialization, as the RMI transport writes a call's arguments. */
  static int serializedSize(Object[] args) throws java.io.IOException {
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
      for (Object a : args) out.writeObject(a);
    }
    return bytes.size();
  }

  /**
   * A value held, released and held again while the first hold waits for its answer: the answer to the first hold says
   * nothing of the second, still queued behind the release. Completed by it, a receiver acknowledged a reference whose
   * hold the owner had not got, its sender let go, and the owner freed the value while the receiver held it (seed 942
   * of 600 steps of the lifetime simulation with forgotten holds).
   */
  @Test
  void aHoldMadeAgainAfterAReleaseIsAcknowledgedOnlyByItsOwnAnswer() {
    when(transport.client(OWNER)).thenReturn(owner);
    answerRenewals(owner, 60_000L);
    java.util.concurrent.atomic.AtomicInteger holds =
        new java.util.concurrent.atomic.AtomicInteger();
    org.mockito.Mockito.doAnswer(call -> {
          if (holds.getAndIncrement() == 0)
            throw new GridException(Status.UNAVAILABLE, "lost (simulated)");
          return null;
        })
        .when(owner)
        .hold(
            any(), org.mockito.ArgumentMatchers.anyLong(), org.mockito.ArgumentMatchers.anyList());
    org.mockito.Mockito.doThrow(new GridException(Status.UNAVAILABLE, "lost (simulated)"))
        .when(owner)
        .release(
            any(), org.mockito.ArgumentMatchers.anyLong(), org.mockito.ArgumentMatchers.anyList());
    UUID v = UUID.randomUUID();
    HolderLink link = new HolderLink(runtime, UUID.randomUUID(), OWNER, 300);
    link.hold(v); // lost: sent again after a pause
    link.release(List.of(org.gridrmi.runtime.wire.Release.explicit(v)));
    link.hold(v);
    java.util.concurrent.CompletableFuture<Void> second = link.acknowledged(v);
    pass(100); // the first hold answered, the release lost: the second hold waits behind it
    assertThat(holds).as("hold calls").hasValueGreaterThanOrEqualTo(2);
    assertThat(second).as("the second hold's acknowledgement").isNotDone();
  }

  /**
   * Releases made within {@link HolderLink#RELEASE_LINGER_MILLIS} of each other go to the owner as one call, that long
   * after the first (a client making chains releases each one's values after its {@code get()}: one call per chain
   * and owner before); a hold queued behind them sends them at once, in order, and so does closing the link.
   */
  @Test
  void releasesLingerAndGoTogetherUnlessAHoldOrTheLinksCloseSendsThem() {
    when(transport.client(OWNER)).thenReturn(owner);
    answerRenewals(owner, 60_000L);
    List<String> calls = new java.util.ArrayList<>();
    org.mockito.Mockito.doAnswer(
            call -> calls.add("release " + ((List<?>) call.getArgument(2)).size()))
        .when(owner)
        .release(
            any(), org.mockito.ArgumentMatchers.anyLong(), org.mockito.ArgumentMatchers.anyList());
    org.mockito.Mockito.doAnswer(
            call -> calls.add("hold " + ((List<?>) call.getArgument(2)).size()))
        .when(owner)
        .hold(
            any(), org.mockito.ArgumentMatchers.anyLong(), org.mockito.ArgumentMatchers.anyList());
    HolderLink link = new HolderLink(runtime, UUID.randomUUID(), OWNER, 300);
    UUID[] v = new UUID[5];
    for (int i = 0; i < v.length; i++) link.heldThere(v[i] = UUID.randomUUID());

    link.release(List.of(org.gridrmi.runtime.wire.Release.explicit(v[0])));
    link.release(List.of(org.gridrmi.runtime.wire.Release.explicit(v[1])));
    while (world.runReady()) {}
    assertThat(calls).as("before the linger passed").isEmpty();
    world.advance(HolderLink.RELEASE_LINGER_MILLIS);
    while (world.runReady()) {}
    assertThat(calls).containsExactly("release 2");

    calls.clear();
    link.release(List.of(org.gridrmi.runtime.wire.Release.explicit(v[2])));
    link.hold(UUID.randomUUID());
    while (world.runReady()) {}
    assertThat(calls)
        .as("a hold takes the release before it along, at once")
        .containsExactly("release 1", "hold 1");

    calls.clear();
    link.release(List.of(org.gridrmi.runtime.wire.Release.explicit(v[3])));
    link.close();
    while (world.runReady()) {}
    assertThat(calls)
        .as("closing sends what lingered, with what the link still held")
        .containsExactly("release 3");
  }

  /** Has the mocked {@code owner} grant {@code leaseMillis} to every renewal, agreeing with the holder's digest. */
  static void answerRenewals(NodeClient owner, long leaseMillis) {
    when(owner.renew(any(), any()))
        .thenAnswer(
            call -> new org.gridrmi.runtime.wire.Renewal(leaseMillis, true, call.getArgument(1)));
  }
}
