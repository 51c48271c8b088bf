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
   * Every invariant over 300 seeds: any violation fails. Among the runs, results of {@code @Idempotent} calls whose
   * owner was down are made again from their lineage, and batches whose submit failed are asked about and, where they
   * come late, refused; they keep every invariant too.
   */
  @Test
  void threeHundredSeedsKeepEveryInvariant() {
    List<String> broken = new ArrayList<>();
    long steps = 0;
    long remade = 0;
    long asked = 0;
    long refused = 0;
    for (long seed = 0; seed < 300; seed++) {
      LifetimeSimulation.Outcome o = LifetimeSimulation.run(seed, LifetimeSimulation.DEFAULT_STEPS);
      steps += o.steps();
      remade += o.remade();
      asked += o.failedBatchesAsked();
      refused += o.lateBatchesRefused();
      if (o.violations() > 0) broken.add(o.report());
    }
    assertThat(broken).isEmpty();
    assertThat(steps).isEqualTo(300L * LifetimeSimulation.DEFAULT_STEPS);
    assertThat(remade).as("calls made again from their lineage").isPositive();
    // the runs go through the path of a batch whose submit failed: the client asks, and a late
    // copy of a batch the server gave up is refused
    assertThat(asked).as("failed batches asked about").isPositive();
    assertThat(refused).as("late batches refused").isPositive();
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
    assertThat(o.violations()).as(o.report()).isZero();
  }

  /**
   * Seed 87 freed a value its client held before every hold started the holder's lease again: the client's lease there
   * was about to run out when its call made the value, and its first renewal was lost.
   */
  @Test
  void seed87FreesNoValueItsClientHolds() {
    assertKeepsEveryInvariant(87, LifetimeSimulation.DEFAULT_STEPS);
  }

  /**
   * Seed 251 freed a value a borrower waited for while owners ended a borrow when they answered its fetch: the answer
   * was lost, the borrower asked again and found NOT_FOUND. Borrows now end by the borrower's own word once it has
   * the value.
   */
  @Test
  void seed251FreesNoValueABorrowerWaitsFor() {
    assertKeepsEveryInvariant(251, LifetimeSimulation.DEFAULT_STEPS);
  }

  /**
   * Seeds 88 and 8991 freed a value a borrower waited for while owners remembered borrowers by address: a server that
   * had fetched the value restarted at the same address, was lent it again, and the client's release naming that
   * address kept nothing for its new life. Borrows are now kept and ended by node id.
   */
  @Test
  void seeds88And8991FreeNoValueAServerRestartedAtTheSameAddressWaitsFor() {
    for (long seed : new long[] {88, 8991})
      assertKeepsEveryInvariant(seed, LifetimeSimulation.DEFAULT_STEPS);
  }

  /**
   * Seed 8169 lent a value whose only holder, its client, had been cut off from the owner for more than a lease (a
   * stall, three renewals lost in a row and a fourth late): the owner let the value go as the protocol says, and the server's call
   * found it gone. Not a protocol fault: the lease of the lender's hold had lapsed before it lent the value, so the
   * borrow could not keep it; the simulation flagged it because its check of borrows did not know the lapse the check
   * of holds allows.
   */
  @Test
  void seed8169AllowsAServerToFindGoneAValueWhoseLenderLostItsLeaseBeforeLendingIt() {
    assertKeepsEveryInvariant(8169, LifetimeSimulation.DEFAULT_STEPS);
  }

  /**
   * Seed 2117 over 600 steps is seed 8169's case with the value sent inside an argument: the client, cut off from the
   * owner for a lease (three renewals lost and a partition), had lost its hold of its own result when it sent the
   * result by value to a server, whose hold then found it gone.
   */
  @Test
  void seed2117Of600StepsAllowsAServerToFindGoneAValueItsCallerLostBeforeSendingIt() {
    assertKeepsEveryInvariant(2117, 600);
  }

  /**
   * Seed 443 over 600 steps: server S1 released a value by reference (the network delivered the release twice), then
   * held it again for a new by-value argument; the late duplicate of the first release ended the newer hold, and the
   * value was collected while S1 held it. Holds and releases now carry their link's sequence number, and the owner
   * drops one older than the last it applied for that holder and value.
   */
  @Test
  void seed443Of600StepsKeepsAHoldThatALateDuplicateOfAnOlderReleaseWouldEnd() {
    assertKeepsEveryInvariant(443, 600);
  }

  /**
   * With owners that forget holds ({@code LifetimeSimulation.forgetAHold}), seeds 22, 43 and 47 freed a value a
   * client held, two leases after its owner forgot the client's hold, when nothing repaired it: renewals now carry a
   * digest of what the holder holds, and a renewal that disagrees starts a repair that holds the value again.
   */
  @Test
  void seeds22And43And47KeepAValueWhoseHoldItsOwnerForgot() {
    for (long seed : new long[] {22, 43, 47})
      assertKeepsEveryInvariant(seed, LifetimeSimulation.DEFAULT_STEPS);
  }

  /**
   * Seed 942 over 600 steps: server S0 held a value, released it and held it again while its first hold waited for an
   * answer; the first hold's answer acknowledged the second, which was queued behind the release, so the client let go
   * of its pin and the owner freed the value S0 held. Each hold now has its own acknowledgement.
   */
  @Test
  void seed942Of600StepsAcknowledgesAHoldMadeAgainOnlyByItsOwnAnswer() {
    assertKeepsEveryInvariant(942, 600);
  }

  /**
   * Seed 4598: server S1 fetched a value's failure and said so ({@code abandon}); a later call there took the value
   * again, and the client's release kept nothing for S1, which keeps no replica of a failure: its fetch found the
   * value gone. A failed value is now kept for every borrower a release names.
   */
  @Test
  void seed4598KeepsAFailedValueForABorrowerThatFetchedItBefore() {
    assertKeepsEveryInvariant(4598, LifetimeSimulation.DEFAULT_STEPS);
  }

  /** Runs {@code seed} for {@code steps}: no value is freed while referenced, and no other invariant breaks. */
  private static void assertKeepsEveryInvariant(long seed, int steps) {
    LifetimeSimulation.Outcome o = LifetimeSimulation.run(seed, steps);
    assertThat(o.freedWhileReferenced()).as(o.report()).isZero();
    assertThat(o.violations()).as(o.report()).isZero();
  }
}
