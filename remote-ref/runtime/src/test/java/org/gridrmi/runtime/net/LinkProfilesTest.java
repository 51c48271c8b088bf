package org.gridrmi.runtime.net;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class LinkProfilesTest {
  @Test
  void loopbackIsNoShaping() {
    assertThat(LinkProfiles.parse("loopback")).isSameAs(LinkShaper.NONE);
    assertThat(LinkProfiles.parse(null)).isSameAs(LinkShaper.NONE);
    assertThat(LinkProfiles.parse(" ")).isSameAs(LinkShaper.NONE);
  }

  @Test
  void paperWanIs21msAnd323usPerKb() {
    EmulatedLink l = (EmulatedLink) LinkProfiles.parse("paper-wan");
    assertThat(l.delayNanos()).isEqualTo(21_000_000L);
    assertThat(l.secondsPerByte() * 1000).isCloseTo(323e-6, within(1e-12)); // KB = 1000 B
    assertThat(l.describe()).isEqualTo("paper-wan (21 ms, 3.10 MB/s)");
  }

  @Test
  void lan() {
    EmulatedLink l = (EmulatedLink) LinkProfiles.parse("LAN");
    assertThat(l.delayNanos()).isEqualTo(200_000L);
    assertThat(l.bytesPerSecond()).isEqualTo(100e6);
  }

  @Test
  void explicitDelayAndBandwidth() {
    EmulatedLink l = (EmulatedLink) LinkProfiles.parse("delay=21ms,bw=3MB/s");
    assertThat(l.delayNanos()).isEqualTo(21_000_000L);
    assertThat(l.bytesPerSecond()).isEqualTo(3e6);
    EmulatedLink t = (EmulatedLink) LinkProfiles.parse("bw=323us/KB, delay = 0.5s");
    assertThat(t.delayNanos()).isEqualTo(500_000_000L);
    assertThat(t.bytesPerSecond()).isCloseTo(1000 / 323e-6, within(1e-3));
    EmulatedLink k = (EmulatedLink) LinkProfiles.parse("bw=1KiB/s");
    assertThat(k.bytesPerSecond()).isEqualTo(1024);
    assertThat(k.delayNanos()).isZero();
    assertThat(LinkProfiles.parse("delay=0ms")).isSameAs(LinkShaper.NONE);
  }

  @Test
  void badSpecsNameThePartAndTheExpectedForm() {
    assertThatThrownBy(() -> LinkProfiles.parse("moon"))
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining("'moon'")
        .hasMessageContaining("paper-wan");
    assertThatThrownBy(() -> LinkProfiles.parse("delay=21parsecs"))
        .hasMessageContaining("21parsecs")
        .hasMessageContaining("delay=21ms,bw=3MB/s");
    assertThatThrownBy(() -> LinkProfiles.parse("delay=-5ms"))
        .hasMessageContaining("negative delay '-5ms'");
    assertThatThrownBy(() -> LinkProfiles.parse("delay=5ms,speed=3MB/s"))
        .hasMessageContaining("unknown key 'speed'");
    assertThatThrownBy(() -> LinkProfiles.parse("delay=5ms,")).hasMessageContaining("has no value");
    assertThatThrownBy(() -> LinkProfiles.parse("bw=3MB")).hasMessageContaining("not a rate");
    assertThatThrownBy(() -> LinkProfiles.parse("bw=0MB/s")).hasMessageContaining("positive");
    assertThatThrownBy(() -> LinkProfiles.parse("delay=1ms,delay=2ms"))
        .hasMessageContaining("twice");
  }
}
