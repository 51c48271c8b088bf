package org.gridrmi.client;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.time.Duration;
import org.gridrmi.runtime.telemetry.CallTimes;
import org.junit.jupiter.api.Test;

class CallLatencyTest {
  static CallLatency of(long... nanos) {
    CallTimes t = new CallTimes();
    for (long n : nanos) t.record(n);
    return new CallLatency(t.snapshot());
  }

  @Test
  void percentilesAreWithinABucketOfTheTruth() {
    long[] calls = new long[1000];
    for (int i = 0; i < calls.length; i++) calls[i] = (i + 1) * 10_000L; // 10 us .. 10 ms, evenly
    CallLatency l = of(calls);
    assertThat(l.count()).isEqualTo(1000);
    assertThat(l.percentile(0.5).toNanos() / 1e6).isCloseTo(5.0, within(0.6));
    assertThat(l.percentile(0.99).toNanos() / 1e6).isCloseTo(9.9, within(1.2));
    assertThat(l.percentile(0.0).toNanos() / 1e3).isCloseTo(10, within(1.5));
  }

  @Test
  void anIntervalIsTheDifferenceOfTwoReadings() {
    CallTimes t = new CallTimes();
    for (int i = 0; i < 100; i++) t.record(1_000_000); // 1 ms
    CallLatency before = new CallLatency(t.snapshot());
    for (int i = 0; i < 10; i++) t.record(100_000_000); // 100 ms
    CallLatency interval = new CallLatency(t.snapshot()).since(before);
    assertThat(interval.count()).isEqualTo(10);
    assertThat(interval.percentile(0.5).toMillis()).isBetween(90L, 110L);
    assertThat(
            new CallLatency(t.snapshot()).since(new CallLatency(t.snapshot())).percentile(0.5))
        .isNull();
  }

  @Test
  void bucketsCoverMicrosecondsToAnHour() {
    assertThat(of(500).percentile(0.5)).isEqualTo(Duration.ofNanos(500));
    assertThat(of(Duration.ofMinutes(30).toNanos()).percentile(0.5).toMinutes())
        .isBetween(25L, 35L);
    assertThat(of(Duration.ofDays(1).toNanos()).count()).isEqualTo(1);
  }
}
