package org.gridrmi.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link HeapHistogram#of} of the JVM that calls it, as {@code bench scale} measures its own client, in a JVM whose
 * histogram is far larger than the pipe and socket buffers between it and jcmd. Since JDK 25 the target JVM streams
 * the histogram to jcmd while it is still at the safepoint of the histogram (JDK-8319055, on by default since
 * JDK-8354460), so a caller that reads jcmd's output through a pipe cannot drain it (its reading thread waits for the
 * safepoint to end) and the two wait for each other for ever. The JVM runs in a child process of its own, so a hang
 * fails this test after a bound instead of stopping the test's JVM with it.
 */
class HeapHistogramOfItselfIT {
  /** Far more classes than the ~300 KB of buffers hold at ~100 bytes a histogram line. */
  private static final int CLASSES = 6_000;

  /** Loading the classes and one full collection take a few seconds; a minute means stuck. */
  private static final long BOUND_SECONDS = 60;

  @TempDir
  Path dir;

  @Test
  void aJvmReadsItsOwnLargeHistogram() throws Exception {
    Path out = dir.resolve("target.txt");
    List<String> cmd = ServerJvm.command(
        Target.class.getName(), List.of("-Xmx256m"), List.of(Integer.toString(CLASSES)));
    Process p = new ProcessBuilder(cmd)
        .redirectErrorStream(true)
        .redirectOutput(out.toFile())
        .start();
    boolean ended;
    try {
      ended = p.waitFor(BOUND_SECONDS, TimeUnit.SECONDS);
    } finally {
      p.descendants().forEach(ProcessHandle::destroyForcibly); // a stuck jcmd
      p.destroyForcibly();
    }
    String printed = Files.readString(out, StandardCharsets.UTF_8);
    assertThat(ended)
        .as(
            "the JVM's histogram of itself ended within %d s; it printed: %s",
            BOUND_SECONDS, printed)
        .isTrue();
    assertThat(p.exitValue()).as(printed).isZero();
    assertThat(printed).containsPattern("classes=\\d{4,} total_bytes=\\d+");
    long classes = Long.parseLong(printed.replaceAll("(?s).*classes=(\\d+).*", "$1"));
    assertThat(classes).as("classes in the histogram").isGreaterThanOrEqualTo(CLASSES);
  }

  /**
   * The measured JVM: holds an empty array of each of the first N classes of the JDK's modules (an array type is a
   * class of the histogram once it has an instance), then prints its own histogram's size.
   */
  public static final class Target {
    public static void main(String[] args) throws Exception {
      int wanted = Integer.parseInt(args[0]);
      List<Object> held = new ArrayList<>();
      Path modules = FileSystems.getFileSystem(URI.create("jrt:/")).getPath("/modules");
      try (Stream<Path> files = Files.walk(modules)) {
        for (Path f : (Iterable<Path>) files::iterator) {
          if (held.size() == wanted) break;
          String name = modules.relativize(f).toString();
          if (!name.endsWith(".class") || name.endsWith("-info.class")) continue;
          String binary = name.substring(name.indexOf('/') + 1, name.length() - ".class".length())
              .replace('/', '.');
          try {
            Class<?> c = Class.forName(binary, false, ClassLoader.getPlatformClassLoader());
            held.add(java.lang.reflect.Array.newInstance(c, 0));
          } catch (ReflectiveOperationException | LinkageError notLoadable) {
            // a class of a module the platform loader cannot see, or one that fails to link: take
            // the next one
          }
        }
      }
      HeapHistogram h = HeapHistogram.of(ProcessHandle.current().pid());
      System.out.println("classes=" + h.bytesByClass().size() + " total_bytes=" + h.totalBytes());
      java.lang.ref.Reference.reachabilityFence(held);
    }
  }
}
