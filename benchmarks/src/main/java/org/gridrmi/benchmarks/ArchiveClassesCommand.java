package org.gridrmi.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.examples.fig2.Fig2Ops;
import org.gridrmi.examples.fig2.Fig2OpsAsync;
import org.gridrmi.examples.fig2.Fig2OpsImpl;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.runtime.net.GridSecret;
import org.gridrmi.server.GridServer;
import picocli.CommandLine.Command;

/**
 * {@code gridrmi archive-classes} (hidden): the launcher's training run for class-data sharing. The launcher runs it
 * once per build and JDK under {@code -XX:ArchiveClassesAtExit}, and every later {@code ./gridrmi} command maps the
 * classes it loaded instead of loading and verifying them again: a fresh client's connect and first chain took about
 * half as long (docs/performance.md). So it does what commands do first: two servers over RMI with a grid secret, a
 * Grid that connects to both, plain and async calls, a chain across the servers (a fetch on the data plane), a put,
 * a release, and a close. It touches nothing of the user's: its secret is a file of its own, deleted at the end.
 */
@Command(
    name = "archive-classes",
    hidden = true,
    description =
        "The launcher's class-data-sharing training run (two servers and a Grid in this JVM).")
final class ArchiveClassesCommand implements Callable<Integer> {
  private static final Duration DEADLINE = Duration.ofSeconds(30);

  @Override
  public Integer call() throws IOException {
    Path dir = Files.createTempDirectory("gridrmi-archive-classes");
    try {
      Path secret = dir.resolve("secret");
      GridSecret.create(secret);
      try (GridServer s1 = server("T1", secret);
          GridServer s2 = server("T2", secret);
          Grid grid =
              Grid.builder().secret(secret).connect(s1.address(), s2.address()).build()) {
        Fig2OpsAsync on1 = grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("T1")));
        Fig2OpsAsync on2 = grid.async(Fig2OpsAsync.class, CallOptions.on(grid.server("T2")));
        Fig2Ops plain = grid.plain(Fig2Ops.class, CallOptions.on(grid.server("T1")));
        for (int i = 0; i < 20; i++) {
          plain.echo(new byte[16]);
          RemoteReference<byte[]> here = on1.method1(16, 0);
          on1.method2(here, 16, 0).get(DEADLINE); // localized
          RemoteReference<byte[]> there = on2.method2(on1.method1(100_000, 0), 16, 0); // lazy
          there.get(DEADLINE);
          on2.checksum(grid.put(new byte[64])).get(DEADLINE);
          here.release();
        }
      }
      return 0;
    } finally {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  private static GridServer server(String name, Path secret) {
    return GridServer.builder()
        .name(name)
        .host("127.0.0.1")
        .port(0)
        .secret(secret)
        .export(Fig2Ops.class, new Fig2OpsImpl())
        .start();
  }
}
