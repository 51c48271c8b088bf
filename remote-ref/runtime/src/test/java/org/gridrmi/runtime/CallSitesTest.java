package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class CallSitesTest {
  @Test
  void theSameLabelOnTheSameNodeIsOneString() {
    CallSites sites = new CallSites(10);
    String first = sites.of(new String("Ops.f"), "S1");
    assertThat(first).isEqualTo("Ops.f on S1");
    assertThat(sites.of(new String("Ops.f"), "S1")).isSameAs(first);
    assertThat(sites.of("Ops.f", "S2")).isEqualTo("Ops.f on S2").isNotSameAs(first);
    assertThat(sites.size()).isEqualTo(2);
  }

  @Test
  void pastItsLimitItStillNamesEverySiteButKeepsNoMore() {
    CallSites sites = new CallSites(2);
    for (int i = 0; i < 100; i++) assertThat(sites.of("m" + i, "S1")).isEqualTo("m" + i + " on S1");
    assertThat(sites.size()).isEqualTo(2);
    assertThat(sites.of("m0", "S1")).isSameAs(sites.of("m0", "S1"));
    assertThat(sites.of("m50", "S1")).isNotSameAs(sites.of("m50", "S1"));
  }
}
