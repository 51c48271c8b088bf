package org.gridrmi.client.internal;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class LingerTest {
  private static final long US = 1_000;
  private static final long MS = 1_000_000;

  @Test
  void noLingerWhereRoundTripsAreShort() {
    assertThat(Linger.forRoundTrip(0)).isNull(); // not measured yet
    assertThat(Linger.forRoundTrip(999 * US)).isNull();
    assertThat(Linger.forRoundTrip(1 * MS)).isEqualTo(new Linger(30 * US, 100 * US));
  }

  @Test
  void gapAndCapScaleWithTheRoundTripWithinBounds() {
    assertThat(Linger.forRoundTrip(42 * MS))
        .isEqualTo(new Linger(420 * US, 4_200 * US)); // paper-wan
    assertThat(Linger.forRoundTrip(150 * MS)).isEqualTo(new Linger(500 * US, 5 * MS));
    assertThat(Linger.forRoundTrip(2 * MS)).isEqualTo(new Linger(30 * US, 200 * US));
  }

  @Test
  void waitsWhileTheCallerRunsAndCallsKeepComing() {
    Linger l = Linger.forRoundTrip(42 * MS);
    long t0 = 1_000 * MS;
    // a caller that takes 300 us per call (cold code, descheduled): more than the old fixed 30 us
    // gap
    assertThat(l.keepWaiting(t0, t0 + 1_200 * US, t0 + 1_500 * US, true)).isTrue();
    // the caller parked (in get()): stop at once, however short the pause
    assertThat(l.keepWaiting(t0, t0 + 1_200 * US, t0 + 1_201 * US, false)).isFalse();
    // no new call for the quiet gap: stop
    assertThat(l.keepWaiting(t0, t0 + 1_200 * US, t0 + 1_620 * US, true)).isFalse();
    // calls still coming, but the cap (a tenth of the round trip) is reached: stop
    assertThat(l.keepWaiting(t0, t0 + 4_199 * US, t0 + 4_200 * US, true)).isFalse();
  }
}
