package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.gridrmi.ref.GridException;
import org.junit.jupiter.api.Test;

class HeapHistogramTest {
  private static final String BEFORE = """
      1234:
       num     #instances         #bytes  class name (module)
      -------------------------------------------------------
         1:          1000          48000  [B (java.base@17.0.2)
         2:           100           3200  java.util.UUID (java.base@17.0.2)
      Total          1100          51200
      """;
  private static final String AFTER = """
       num     #instances         #bytes  class name (module)
      -------------------------------------------------------
         1:          1100          52000  [B (java.base@17.0.2)
         2:          1100          35200  java.util.UUID (java.base@17.0.2)
         3:          1000          96000  org.gridrmi.runtime.store.Slot
      Total          3200         183200
      """;

  @Test
  void readsTheTotalAndEachClass() {
    HeapHistogram h = HeapHistogram.parse(AFTER, List.of("jcmd"));
    assertThat(h.totalBytes()).isEqualTo(183_200);
    assertThat(h.bytesByClass()).containsEntry("org.gridrmi.runtime.store.Slot", 96_000L);
    assertThat(h.countByClass()).containsEntry("java.util.UUID", 1_100L);
  }

  @Test
  void namesTheClassesThatGrewMostPerValue() {
    HeapHistogram before = HeapHistogram.parse(BEFORE, List.of("jcmd"));
    HeapHistogram after = HeapHistogram.parse(AFTER, List.of("jcmd"));
    assertThat(after.topGrowth(before, 1000, 2))
        .containsExactly(
            "org.gridrmi.runtime.store.Slot 96.0 B (1.00 objects)",
            "java.util.UUID 32.0 B (1.00 objects)");
  }

  @Test
  void anOutputWithoutTotalIsAClearError() {
    assertThatThrownBy(() -> HeapHistogram.parse("1234: No such process", List.of("jcmd", "1234")))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("'jcmd 1234' printed no 'Total' line: 1234: No such process");
  }

  @Test
  void pointsDoubleUpToTheMaximum() {
    assertThat(ScaleBench.doubling(1, 16, 2)).containsExactly(1, 2, 4, 8, 16);
    assertThat(ScaleBench.doubling(1, 6, 2)).containsExactly(1, 2, 4, 6);
    assertThat(ScaleBench.doubling(1_000, 1_000, 10)).containsExactly(1_000);
  }
}
