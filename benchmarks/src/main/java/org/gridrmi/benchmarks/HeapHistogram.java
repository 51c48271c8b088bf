package org.gridrmi.benchmarks;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The live objects of a JVM, by class, as {@code jcmd PID GC.class_histogram} counts them: the JDK's own tool, which
 * runs a full collection first, so the total is the heap used by what is reachable, with no garbage and no estimate.
 * {@code bench scale} reads it with and without N values and divides the difference by N.
 *
 * @param totalBytes bytes of every live object
 * @param bytesByClass bytes of the live objects of each class, by the name jcmd prints
 * @param countByClass live objects of each class
 */
record HeapHistogram(
    long totalBytes, Map<String, Long> bytesByClass, Map<String, Long> countByClass) {
  /** A class's line: {@code   12:        1000000       32000000  java.util.UUID (java.base@17)}. */
  private static final Pattern LINE =
      Pattern.compile("^\\s*\\d+:\\s+(\\d+)\\s+(\\d+)\\s+(\\S+).*$");

  private static final Pattern TOTAL = Pattern.compile("^Total\\s+(\\d+)\\s+(\\d+)\\s*$");
  /** A full collection of a few GB takes seconds; a jcmd that takes this long is stuck. */
  private static final long TIMEOUT_SECONDS = 120;

  /**
   * The histogram of the JVM {@code pid}; this JVM's own pid works too (jcmd is a process of its own, and its output
   * goes to a file, not a pipe this JVM reads: see the note in the body). Waits {@value #TIMEOUT_SECONDS} s at most.
   *
   * @throws GridException INTERNAL naming the command and its output if jcmd fails or prints no total
   */
  static HeapHistogram of(long pid) {
    Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
    List<String> cmd = List.of(jcmd.toString(), Long.toString(pid), "GC.class_histogram");
    try {
      // Into a file, not a pipe, because this JVM may be the target. Since JDK 25 the target
      // streams
      // the histogram to jcmd while its VM thread still holds the histogram's safepoint
      // (JDK-8319055,
      // on by default since JDK-8354460); a thread of the target reading a pipe stops at that
      // safepoint, the pipe fills, jcmd stops reading the attach socket, and the VM thread waits on
      // the socket for ever (no Java code runs, so no timeout here could end it). A file never
      // fills.
      Path file = Files.createTempFile("gridrmi-histogram", ".txt");
      try {
        Process p = new ProcessBuilder(cmd)
            .redirectErrorStream(true)
            .redirectOutput(file.toFile())
            .start();
        if (!p.waitFor(TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
          p.destroyForcibly();
          throw failed(cmd, "did not end within " + TIMEOUT_SECONDS + " s");
        }
        return parse(Files.readString(file, StandardCharsets.UTF_8), cmd);
      } finally {
        Files.deleteIfExists(file);
      }
    } catch (IOException e) {
      throw failed(cmd, e.toString() + " (jcmd comes with a JDK: run with a JDK, not a JRE)");
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GridException(Status.CANCELLED, "interrupted while reading a heap histogram", e);
    }
  }

  static HeapHistogram parse(String out, List<String> cmd) {
    Map<String, Long> bytes = new HashMap<>();
    Map<String, Long> counts = new HashMap<>();
    long total = -1;
    for (String line : out.split("\\R")) {
      Matcher m = LINE.matcher(line);
      if (m.matches()) {
        bytes.merge(m.group(3), Long.parseLong(m.group(2)), Long::sum);
        counts.merge(m.group(3), Long.parseLong(m.group(1)), Long::sum);
        continue;
      }
      Matcher t = TOTAL.matcher(line.trim());
      if (t.matches()) total = Long.parseLong(t.group(2));
    }
    if (total < 0) {
      String tail = out.length() > 400 ? out.substring(out.length() - 400) : out;
      throw failed(cmd, "printed no 'Total' line: " + tail.strip());
    }
    return new HeapHistogram(total, Map.copyOf(bytes), Map.copyOf(counts));
  }

  private static GridException failed(List<String> cmd, String why) {
    return new GridException(Status.INTERNAL, "'" + String.join(" ", cmd) + "' " + why);
  }

  /**
   * The classes whose bytes grew most from {@code before} to this one, at most {@code n}, each as {@code class
   * bytes/value (objects/value)} per one of {@code values}: what a value costs, to find what to cut.
   */
  List<String> topGrowth(HeapHistogram before, long values, int n) {
    List<String> names = new ArrayList<>(bytesByClass.keySet());
    names.sort(Comparator.comparingLong(
            (String c) -> bytesByClass.get(c) - before.bytesByClass.getOrDefault(c, 0L))
        .reversed());
    List<String> top = new ArrayList<>();
    for (String c : names.subList(0, Math.min(n, names.size()))) {
      long grew = bytesByClass.get(c) - before.bytesByClass.getOrDefault(c, 0L);
      long more = countByClass.get(c) - before.countByClass.getOrDefault(c, 0L);
      if (grew <= 0) break;
      top.add(String.format(
          Locale.ROOT,
          "%s %.1f B (%.2f objects)",
          c,
          (double) grew / values,
          (double) more / values));
    }
    return top;
  }
}
