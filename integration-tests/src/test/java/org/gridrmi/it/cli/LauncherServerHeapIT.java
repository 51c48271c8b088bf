package org.gridrmi.it.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The heap {@code ./gridrmi server} starts with, for real, through the launcher: written once as the JVM commits it
 * (docs/operations.md, "A server's memory"), which the server's own heap line reports; with an initial size from
 * {@code GRIDRMI_SERVER_HEAP}; none when {@code GRIDRMI_SERVER_HEAP=off}; and a heap size of the user's own in {@code
 * GRIDRMI_JAVA_OPTS} applies beside it.
 */
class LauncherServerHeapIT {
  private static final Path ROOT = SlurmJobs.ROOT;

  @Test
  void aServerStartedByTheLauncherHasItsHeapWrittenAsCommittedUnlessTurnedOff() throws Exception {
    Path dir = Files.createDirectories(Path.of("target", "it-launcher-heap").toAbsolutePath());

    assertThat(heapLine(dir, "H1", Map.of())).contains("written as committed");
    assertThat(heapLine(dir, "H2", Map.of("GRIDRMI_SERVER_HEAP", "off")))
        .contains("not written as committed");
    assertThat(heapLine(dir, "H3", Map.of("GRIDRMI_SERVER_HEAP", "96m")))
        .contains("heap 96 MB from the start, written as committed");
    assertThat(heapLine(dir, "H4", Map.of("GRIDRMI_JAVA_OPTS", "-Xmx128m")))
        .contains("written as committed")
        .contains("at most 128 MB");
  }

  /** Starts {@code ./gridrmi server} with {@code env}, returns its heap line once it is ready, then stops it. */
  private static String heapLine(Path dir, String name, Map<String, String> env)
      throws IOException, InterruptedException {
    ProcessBuilder pb = new ProcessBuilder(
            "./gridrmi",
            "server",
            "--name",
            name,
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--insecure")
        .directory(ROOT.toFile())
        .redirectErrorStream(true);
    pb.environment().remove("GRIDRMI_JAVA_OPTS");
    pb.environment().remove("GRIDRMI_SERVER_HEAP");
    pb.environment().putAll(env);
    Process p = pb.start();
    List<String> lines = new ArrayList<>();
    CompletableFuture<String> heap = new CompletableFuture<>();
    Thread reader = new Thread(() -> {
      try (BufferedReader r =
          new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
        String heapLine = null;
        for (String line; (line = r.readLine()) != null; ) {
          synchronized (lines) {
            lines.add(line);
          }
          if (line.contains(" heap ")) heapLine = line;
          if (line.contains("ready at") && heapLine != null) heap.complete(heapLine);
        }
        heap.completeExceptionally(new AssertionError("the server ended before it was ready"));
      } catch (IOException e) {
        heap.completeExceptionally(e);
      }
    });
    reader.start();
    try {
      return heap.get(300, TimeUnit.SECONDS);
    } catch (Exception e) {
      synchronized (lines) {
        throw new AssertionError(
            name + " with " + env + " printed no heap line and ready line: " + lines, e);
      }
    } finally {
      p.descendants().forEach(ProcessHandle::destroyForcibly);
      p.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      reader.join(10_000);
      Files.write(dir.resolve(name + ".log"), lines);
    }
  }
}
