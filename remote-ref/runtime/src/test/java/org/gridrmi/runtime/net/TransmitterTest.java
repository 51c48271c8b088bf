package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** The emulated link's schedule, on explicit times: what {@link EmulatedLinkTest} sees on a real socket. */
class TransmitterTest {
  private static final long MS = 1_000_000L;

  @Test
  void pipelinedMessagesPayTheDelayOnce() {
    Transmitter t = new Transmitter(new EmulatedLink("t", 50 * MS, Double.POSITIVE_INFINITY));
    for (int i = 0; i < 10; i++) {
      assertThat(t.dueNanos(1_000 + i * 10_000L, 100))
          .as("message %d, flushed %d us after the first", i, i * 10)
          .isEqualTo(1_000 + i * 10_000L + 50 * MS);
    }
  }

  @Test
  void aLongMessageIsPacedByTheBandwidth() {
    Transmitter t = new Transmitter(new EmulatedLink("t", 0, 10e6));
    long due = 0;
    for (int i = 0; i < 10; i++) due = t.dueNanos(0, 100_000); // a megabyte, flushed at once
    assertThat(due).as("one megabyte at 10 MB/s").isEqualTo(100 * MS);
  }

  @Test
  void aChunkWaitsForThePreviousToBeTransmittedNotToArrive() {
    Transmitter t = new Transmitter(new EmulatedLink("t", 20 * MS, 1e6));
    assertThat(t.dueNanos(0, 1_000)).isEqualTo(MS + 20 * MS); // 1 ms on the wire, then the delay
    assertThat(t.dueNanos(0, 1_000)).as("behind the first on the wire").isEqualTo(2 * MS + 20 * MS);
    assertThat(t.dueNanos(50 * MS, 1_000))
        .as("flushed once the wire is free: starts at its flush")
        .isEqualTo(51 * MS + 20 * MS);
  }

  @Test
  void negativeClockReadingsAreTimesLikeAnyOther() {
    // System.nanoTime may be negative: the first chunk starts at its flush, whatever the sign
    Transmitter t = new Transmitter(new EmulatedLink("t", 5 * MS, Double.POSITIVE_INFINITY));
    assertThat(t.dueNanos(-100 * MS, 10)).isEqualTo(-95 * MS);
    assertThat(t.dueNanos(-99 * MS, 10)).isEqualTo(-94 * MS);
  }
}
