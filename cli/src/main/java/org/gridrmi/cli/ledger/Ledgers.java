package org.gridrmi.cli.ledger;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongPredicate;
import java.util.stream.Stream;

/**
 * Every execution recorded by the {@link ExecutionLedger}s of one directory (one file per server process, those of
 * killed processes included), and what they say: which calls ran more than once.
 */
public final class Ledgers {
  /** How often one call ran, over all processes, and whether it was a call to an {@code @Idempotent} method. */
  public record Runs(int count, boolean idempotent) {}

  /** Over the calls a benchmark asked about: how many ran, and how many ran more than once. */
  public record Tally(long calls, long executions, long duplicated, long idempotentReruns) {}

  private final Map<Long, Runs> runs;
  private final int files;

  private Ledgers(Map<Long, Runs> runs, int files) {
    this.runs = runs;
    this.files = files;
  }

  /**
   * Makes {@code dir} an empty place for a run's ledgers: created if absent, the ledgers of an earlier run deleted
   * (other files are left alone). Returns {@code dir}.
   */
  public static Path clear(Path dir) {
    try {
      Files.createDirectories(dir);
      for (Path f : ledgerFiles(dir)) Files.delete(f);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot clear the ledgers in " + dir, e);
    }
    return dir;
  }

  private static List<Path> ledgerFiles(Path dir) throws IOException {
    try (Stream<Path> s = Files.list(dir)) {
      return s.filter(p -> p.getFileName().toString().endsWith(ExecutionLedger.SUFFIX))
          .sorted()
          .toList();
    }
  }

  /** Reads every ledger in {@code dir} (none yet: an empty record). A line cut short by a kill is skipped. */
  public static Ledgers read(Path dir) {
    Map<Long, Runs> runs = new HashMap<>();
    if (!Files.isDirectory(dir)) return new Ledgers(runs, 0);
    List<Path> files;
    try {
      files = ledgerFiles(dir);
    } catch (IOException e) {
      throw new UncheckedIOException("cannot list the ledgers in " + dir, e);
    }
    for (Path f : files) {
      try {
        for (String line : Files.readAllLines(f, StandardCharsets.US_ASCII)) add(runs, line);
      } catch (IOException e) {
        throw new UncheckedIOException("cannot read the ledger " + f, e);
      }
    }
    return new Ledgers(runs, files.size());
  }

  private static void add(Map<Long, Runs> runs, String line) {
    int space = line.indexOf(' ');
    if (space < 0 || space != line.length() - 2)
      return; // torn by a kill -9 between two bytes: not a record
    char kind = line.charAt(space + 1);
    if (kind != 'I' && kind != 'N') return;
    long key;
    try {
      key = Long.parseLong(line.substring(0, space));
    } catch (NumberFormatException e) {
      return;
    }
    // a call is idempotent only if every record says so: one plain execution makes its repeats
    // count
    runs.merge(
        key,
        new Runs(1, kind == 'I'),
        (a, b) -> new Runs(a.count() + b.count(), a.idempotent() && b.idempotent()));
  }

  /** How often call {@code key} ran (null: never). */
  public Runs runs(long key) {
    return runs.get(key);
  }

  /** How many ledger files were read. */
  public int files() {
    return files;
  }

  /**
   * Counts over the calls whose keys {@code which} accepts: {@code duplicated} is the number of calls to methods that
   * are not {@code @Idempotent} that ran more than once (anywhere: in one process or in two), {@code idempotentReruns}
   * the extra runs of idempotent calls (recovery re-running them, which is allowed).
   */
  public Tally tally(LongPredicate which) {
    long calls = 0;
    long executions = 0;
    long duplicated = 0;
    long reruns = 0;
    for (Map.Entry<Long, Runs> e : runs.entrySet()) {
      if (!which.test(e.getKey())) continue;
      Runs r = e.getValue();
      calls++;
      executions += r.count();
      if (r.count() > 1) {
        if (r.idempotent()) reruns += r.count() - 1;
        else duplicated++;
      }
    }
    return new Tally(calls, executions, duplicated, reruns);
  }
}
