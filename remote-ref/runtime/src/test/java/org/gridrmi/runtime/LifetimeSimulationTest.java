package org.gridrmi.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The deterministic simulation of value lifetime (docs/reference-counting.md, "The simulation"): a few hundred seeds,
 * exact replay, and the seeds that found bugs.
 */
class LifetimeSimulationTest {
  /** The runtime logs every lost peer and lapsed lease; a run of seeds makes thousands of lines. */
  static final Logger QUIET = Logger.getLogger("org.gridrmi");

  static Level before;

  @BeforeAll
  static void quiet() {
    before = QUIET.getLevel();
    QUIET.setLevel(Level.OFF);
  }

  @AfterAll
  static void loud() {
    QUIET.setLevel(before);
  }

  /**
   * Every invariant over 300 seeds, but for the known violations not fixed yet (an owner ends a borrow before the
   * borrower has the value: {@link LifetimeSimulation#UNHEARD}, {@link LifetimeSimulation#RESTARTED}), which are
   * counted, not hidden.
   */
  @Test
  void threeHundredSeedsKeepEveryInvariantButTheKnownEarlyBorrowEnds() {
    List<String> broken = new ArrayList<>();
    long steps = 0;
    for (long seed = 0; seed < 300; seed++) {
      LifetimeSimulation.Outcome o = LifetimeSimulation.run(seed, LifetimeSimulation.DEFAULT_STEPS);
      steps += o.steps();
      if (o.violations() > o.knownBorrows()) broken.add(o.report());
    }
    assertThat(broken).isEmpty();
    assertThat(steps).isEqualTo(300L * LifetimeSimulation.DEFAULT_STEPS);
  }

  @Test
  void aSeedReplaysExactly() {
    LifetimeSimulation.Outcome first = LifetimeSimulation.run(42, 300);
    LifetimeSimulation.Outcome again = LifetimeSimulation.run(42, 300);
    assertThat(again).isEqualTo(first);
    assertThat(first.messages()).isGreaterThan(100);
    assertThat(LifetimeSimulation.run(43, 300).traceHash()).isNotEqualTo(first.traceHash());
  }
}
