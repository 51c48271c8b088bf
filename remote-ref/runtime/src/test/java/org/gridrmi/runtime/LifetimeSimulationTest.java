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

  /**
   * Seed 9 ran a call twice before {@code ValueTable.create} refused ids it had freed: the network delivered the batch
   * again after the client released the call's value.
   */
  @Test
  void seed9RunsEveryCallOnce() {
    LifetimeSimulation.Outcome o = LifetimeSimulation.run(9, LifetimeSimulation.DEFAULT_STEPS);
    assertThat(o.duplicated()).as(o.report()).isZero();
    assertThat(o.violations()).as(o.report()).isEqualTo(o.knownBorrows());
  }

  /**
   * Seed 87 freed a value its client held before every hold started the holder's lease again: the client's lease there
   * was about to run out when its call made the value, and its first renewal was lost.
   */
  @Test
  void seed87FreesNoValueItsClientHolds() {
    LifetimeSimulation.Outcome o = LifetimeSimulation.run(87, LifetimeSimulation.DEFAULT_STEPS);
    assertThat(o.freedWhileReferenced()).as(o.report()).isEqualTo(o.knownBorrows());
    assertThat(o.violations()).as(o.report()).isEqualTo(o.knownBorrows());
  }

  /**
   * Seed 251 meets the known bug not fixed yet: the owner ends a borrow with an answer to a fetch that the borrower
   * never got, and the borrower's call then finds its argument gone. The simulation reports it (and must go on
   * reporting it until it is fixed: then this test fails, and the seed joins the ones above).
   */
  @Test
  void seed251ReportsTheKnownUnheardBorrow() {
    LifetimeSimulation.Outcome o = LifetimeSimulation.run(251, LifetimeSimulation.DEFAULT_STEPS);
    assertThat(o.freedWhileReferenced()).isPositive();
    assertThat(o.knownBorrows()).isEqualTo(o.violations());
    assertThat(o.report()).contains(LifetimeSimulation.UNHEARD).contains("--seed 251");
  }
}
