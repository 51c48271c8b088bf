package org.gridrmi.cli.ledger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.gridrmi.ref.GridException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Ledgers: what a process records, and the calls that ran twice across processes. */
class LedgersTest {
  @TempDir
  Path dir;

  @Test
  void aLedgerIsAFileOfItsOwnThatOnlyGrows() throws Exception {
    try (ExecutionLedger a = ExecutionLedger.open(dir, "S1")) {
      a.record(40, false);
      a.record(41, true);
      assertThat(a.file().getFileName().toString())
          .isEqualTo("S1-" + ProcessHandle.current().pid() + ".ledger");
      assertThat(Files.readAllLines(a.file())).containsExactly("40 N", "41 I");
    }
    try (ExecutionLedger again =
        ExecutionLedger.open(dir, "S1")) { // the same process opening it again appends
      again.record(42, false);
      assertThat(Files.readAllLines(again.file())).containsExactly("40 N", "41 I", "42 N");
    }
    assertThatThrownBy(() -> ExecutionLedger.open(dir, "../S1"))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("'../S1'");
  }

  @Test
  void countsCallsNotIdempotentThatRanTwiceInOneProcessOrInTwo() throws Exception {
    // S2 ran 8 and then was killed; its successor ran 8 again: a duplicate across processes
    Files.writeString(dir.resolve("S1-10.ledger"), "4 N\n5 N\n6 I\n9 N\n9 N\n");
    Files.writeString(dir.resolve("S2-11.ledger"), "8 N\n12 I\n");
    Files.writeString(dir.resolve("S2-12.ledger"), "8 N\n12 I\n12 I\n");
    Files.writeString(dir.resolve("notes.txt"), "8 N\n");
    Ledgers l = Ledgers.read(dir);
    assertThat(l.files()).isEqualTo(3);
    assertThat(l.runs(8)).isEqualTo(new Ledgers.Runs(2, false));
    assertThat(l.tally(k -> true))
        .isEqualTo(new Ledgers.Tally(6, 10, 2, 2)); // 8 and 9 twice; 12 re-run twice
    assertThat(l.tally(k -> k >= 10)).isEqualTo(new Ledgers.Tally(1, 3, 0, 2));
  }

  @Test
  void aLineCutShortByAKillIsNoRecord() throws Exception {
    Files.write(dir.resolve("S3-13.ledger"), "20 N\n21 N\n2".getBytes(StandardCharsets.US_ASCII));
    Files.writeString(dir.resolve("S3-14.ledger"), "2 N\n21\n");
    assertThat(Ledgers.read(dir).tally(k -> true)).isEqualTo(new Ledgers.Tally(3, 3, 0, 0));
  }

  @Test
  void clearingRemovesLedgersOnly() throws Exception {
    Files.writeString(dir.resolve("S1-10.ledger"), "4 N\n");
    Files.writeString(dir.resolve("keep.log"), "x");
    assertThat(Ledgers.clear(dir)).isEqualTo(dir);
    assertThat(Ledgers.read(dir).files()).isZero();
    assertThat(dir.resolve("keep.log")).exists();
    assertThat(Ledgers.read(dir.resolve("absent")).tally(k -> true).calls()).isZero();
  }
}
