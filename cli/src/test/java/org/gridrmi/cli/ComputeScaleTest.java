package org.gridrmi.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsImpl;
import org.junit.jupiter.api.Test;

/** The slowed-down service of {@code --compute-scale}: the same answers and failures, through the interface. */
class ComputeScaleTest {
  @Test
  void aFactorOfOneIsTheServiceItself() {
    Fig2OpsImpl impl = new Fig2OpsImpl();
    assertThat(ComputeScale.wrap(impl, 1)).isSameAs(impl);
  }

  @Test
  void aSlowerServiceAnswersAsTheServiceDoesAndWaitsAfterwards() {
    Fig2Ops slow = (Fig2Ops) ComputeScale.wrap(new Fig2OpsImpl(), 3);
    long start = System.nanoTime();
    byte[] data = slow.method1(1000, 20);
    long took = System.nanoTime() - start;
    assertThat(data).isEqualTo(new Fig2OpsImpl().method1(1000, 20));
    assertThat(took).as("the 20 ms call and twice that asleep").isGreaterThanOrEqualTo(60_000_000L);
    assertThat(slow.checksum(data)).isEqualTo(new Fig2OpsImpl().checksum(data));
  }

  @Test
  void theServicesOwnExceptionsPassThrough() {
    Fig2Ops slow = (Fig2Ops) ComputeScale.wrap(new Fig2OpsImpl(), 2);
    assertThatThrownBy(() -> slow.method2(null, 10, 0)).isInstanceOf(NullPointerException.class);
  }
}
