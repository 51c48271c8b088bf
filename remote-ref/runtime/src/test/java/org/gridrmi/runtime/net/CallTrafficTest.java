package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

/** A call is a sample of its link only if it was one round trip on an open connection. */
class CallTrafficTest {
  private static CallTraffic.Sample measure(Runnable io) {
    AtomicReference<CallTraffic.Sample> got = new AtomicReference<>();
    CallTraffic.measure(got::set, () -> {
      io.run();
      return null;
    });
    return got.get();
  }

  @Test
  void aCallAndItsAnswerInPiecesIsOneRoundTrip() {
    CallTraffic.Sample s = measure(() -> {
      CallTraffic.sent(100);
      CallTraffic.sent(20);
      CallTraffic.received(1000);
      CallTraffic.received(24);
    });
    assertThat(s.bytes()).isEqualTo(1144);
    assertThat(s.roundTrips()).isOne();
    assertThat(s.oneRoundTrip()).isTrue();
  }

  @Test
  void aPingBeforeTheCallOrANewConnectionIsNoSample() {
    assertThat(measure(() -> {
              CallTraffic.sent(1);
              CallTraffic.received(1); // JRMP's ping and its ack
              CallTraffic.sent(100);
              CallTraffic.received(100);
            })
            .oneRoundTrip())
        .isFalse();
    assertThat(measure(() -> {
              CallTraffic.connected();
              CallTraffic.sent(100);
              CallTraffic.received(100);
            })
            .oneRoundTrip())
        .isFalse();
  }

  @Test
  void nothingIsCountedOutsideAMeasurementAndNestedOnesCountIntoTheInnermost() {
    CallTraffic.sent(5); // no measurement on this thread: ignored
    CallTraffic.Sample outer = measure(() -> {
      CallTraffic.Sample inner = measure(() -> {
        CallTraffic.sent(10);
        CallTraffic.received(10);
      });
      assertThat(inner.bytes()).isEqualTo(20);
    });
    assertThat(outer.bytes()).isZero();
  }
}
