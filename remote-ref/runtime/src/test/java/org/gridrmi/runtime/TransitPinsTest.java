package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.Ref;
import org.gridrmi.runtime.wire.RefContexts;
import org.junit.jupiter.api.Test;

/** Pins of references inside values that left: per transfer until acknowledged, and never longer than a period. */
class TransitPinsTest {
  static final long PERIOD = Duration.ofSeconds(30).toNanos();
  final ManualTicker ticker = new ManualTicker();

  static Ref<?> ref() {
    return new Ref<>(UUID.randomUUID(), "inproc://S1", RefContexts.unbound());
  }

  @Test
  void aTransfersPinsGoWhenItsReceiverAcknowledgesItWithNoTimePassing() throws Exception {
    TransitPins pins = new TransitPins(PERIOD, 100, ticker);
    long mine = pins.newTransfer();
    long other = pins.newTransfer();
    assertThat(pins.writing("host-a", mine, () -> pins.pin(List.of(ref(), ref()))))
        .isTrue();
    assertThat(pins.writing("host-b", other, () -> pins.pin(List.of(ref())))).isTrue();
    pins.pin(List.of(ref())); // written outside a transfer: pinned for the period only

    pins.transferred(List.of(mine, 12345L)); // an id nobody was given changes nothing
    assertThat(pins.size()).as("the other transfer's pin and the timed one").isEqualTo(2);
    assertThat(pins.transfers()).isEqualTo(1);
    pins.transferred(List.of(mine)); // again: nothing more
    assertThat(pins.size()).isEqualTo(2);

    ticker.advance(Duration.ofNanos(PERIOD));
    pins.drain();
    assertThat(pins.size())
        .as("an unacknowledged transfer lapses with its period")
        .isZero();
    assertThat(pins.transfers()).isZero();
  }

  @Test
  void anAcknowledgementFromAnotherReceiverIsRefusedAndUnpinsNothing() throws Exception {
    TransitPins pins = new TransitPins(PERIOD, 100, ticker);
    long toA = pins.newTransfer();
    long toB = pins.newTransfer();
    pins.writing("host-a", toA, () -> pins.pin(List.of(ref())));
    pins.writing("host-b", toB, () -> pins.pin(List.of(ref())));

    assertThatThrownBy(() -> pins.transferredBy("host-b", List.of(toB, toA)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.PERMISSION_DENIED))
        .hasMessageContaining("host-b")
        .hasMessageContaining("1 of 2")
        .hasMessageContaining("written for another receiver");
    assertThat(pins.pinning(toA)).as("host-a's transfer: only host-a ends it").isTrue();
    assertThat(pins.pinning(toB)).as("host-b's own, in the same call, ends").isFalse();

    pins.transferredBy("host-b", List.of(999L)); // an id nobody was given (or over): nothing
    assertThat(pins.pinning(toA)).isTrue();
    pins.transferredBy("host-a", List.of(toA));
    assertThat(pins.size()).isZero();
  }

  @Test
  void pinsUnderATransferTheReceiverNamedGoWhenItSaysItHoldsThemOrWithTheirPeriod() {
    TransitPins pins = new TransitPins(PERIOD, 100, ticker);
    pins.pin("inproc://S2", 7, List.of(ref(), ref())); // a receipt's transfer: the server named it
    pins.pin("inproc://S2", 8, List.of(ref()));
    assertThat(pins.pinning(7)).isTrue();
    pins.transferred(List.of(7L));
    assertThat(pins.pinning(7)).as("the server said it holds them").isFalse();
    assertThat(pins.size()).isEqualTo(1);
    ticker.advance(Duration.ofNanos(PERIOD));
    assertThat(pins.pinning(8)).as("never answered: over with its period").isFalse();
    assertThat(pins.size()).isZero();
  }

  @Test
  void transfersWrittenForAnEarlierLifeOfAnAddressEndWhenAnotherLifeThereIsConfirmed()
      throws Exception {
    TransitPins pins = new TransitPins(PERIOD, 100, ticker);
    org.gridrmi.runtime.wire.Borrower first =
        new org.gridrmi.runtime.wire.Borrower("inproc://S2", UUID.randomUUID());
    org.gridrmi.runtime.wire.Borrower other =
        new org.gridrmi.runtime.wire.Borrower("inproc://S3", UUID.randomUUID());
    long t1 = pins.newTransfer();
    long t2 = pins.newTransfer();
    pins.writing("h", first, t1, () -> pins.pin(List.of(ref(), ref())));
    pins.writing("h", other, t2, () -> pins.pin(List.of(ref())));
    assertThat(pins.otherLivesAt(first)).as("the same life asks again").isFalse();
    org.gridrmi.runtime.wire.Borrower restarted =
        new org.gridrmi.runtime.wire.Borrower("inproc://S2", UUID.randomUUID());
    assertThat(pins.otherLivesAt(restarted)).isTrue();
    pins.endOtherLives(restarted);
    assertThat(pins.pinning(t1)).as("the earlier life at S2 is gone").isFalse();
    assertThat(pins.pinning(t2)).as("another address's transfer stays").isTrue();
    assertThat(pins.size()).isEqualTo(1);
    assertThat(pins.otherLivesAt(restarted)).isFalse();
  }

  @Test
  void aWriteThatPinsNothingIsNoTransfer() throws Exception {
    TransitPins pins = new TransitPins(PERIOD, 100, ticker);
    assertThat(pins.writing("host-a", pins.newTransfer(), () -> {})).isFalse();
    assertThat(pins.transfers()).isZero();
  }

  @Test
  void oneReceiverMayHoldAtMostHalfOfThePins() throws Exception {
    TransitPins pins = new TransitPins(PERIOD, 10, ticker);
    pins.writing("host-a", pins.newTransfer(), () -> {
      for (int i = 0; i < 5; i++) pins.pin(List.of(ref()));
    });
    long next = pins.newTransfer();
    assertThatThrownBy(() -> pins.writing("host-a", next, () -> pins.pin(List.of(ref()))))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.RESOURCE_EXHAUSTED))
        .hasMessageContaining("more than 5")
        .hasMessageContaining("host-a");
    assertThat(pins.writing("host-b", pins.newTransfer(), () -> pins.pin(List.of(ref()))))
        .as("another receiver still may")
        .isTrue();
  }

  @Test
  void acknowledgedPinsLeaveRoomAtOnce() throws Exception {
    TransitPins pins = new TransitPins(PERIOD, 4, ticker);
    for (int round = 0; round < 100; round++) {
      long t = pins.newTransfer();
      pins.writing("host-" + round % 3, t, () -> pins.pin(List.of(ref(), ref())));
      pins.transferred(List.of(t));
    }
    assertThat(pins.size()).isZero();
    pins.pin(List.of(ref(), ref(), ref(), ref())); // the whole bound is free, with no time passing
    assertThat(pins.size()).isEqualTo(4);
  }
}
