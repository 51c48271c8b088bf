package org.gridrmi.it.cli;

import Jama.Matrix;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.jama.MatrixOps;
import org.gridrmi.jama.MatrixOpsAsync;
import org.gridrmi.ref.GridException;

/**
 * A batch job's client for {@link SlurmBatchIT}: finds its grid through {@code Grid.connect()} (GRIDRMI_LOOKUP),
 * calls every server once and prints when the first answer came ({@code first call answered at EPOCH_MS}); with
 * {@code kill NAME} it then kills that server (its PID from GRIDRMI_RUN_DIR, as a crash would) and calls it again,
 * printing what it got. It exits with the code given last, as a user's command may fail.
 *
 * <p>Arguments: SERVERS EXIT_CODE [kill NAME]
 */
public final class SlurmProbe {
  public static void main(String[] args) throws Exception {
    int servers = Integer.parseInt(args[0]);
    int exitCode = Integer.parseInt(args[1]);
    try (Grid grid = Grid.connect()) {
      long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
      while (grid.servers(MatrixOps.class).size() < servers && System.nanoTime() < deadline)
        Thread.sleep(50);
      List<ServerInfo> all = grid.servers(MatrixOps.class);
      Matrix m = Matrix.identity(3, 3).times(2);
      boolean first = true;
      for (ServerInfo s : all) {
        double norm =
            grid.async(MatrixOpsAsync.class, s).normInf(grid.put(m)).get(Duration.ofSeconds(30));
        if (first) System.out.println("first call answered at " + System.currentTimeMillis());
        first = false;
        System.out.println("normInf on " + s.name() + " = " + norm + ", services of " + s.name()
            + ": " + s.services());
      }
      if (args.length > 3 && args[2].equals("kill")) {
        ServerInfo victim = grid.server(args[3]);
        long pid = Long.parseLong(
            Files.readString(Path.of(System.getenv("GRIDRMI_RUN_DIR"), args[3] + ".pid"))
                .trim());
        ProcessHandle p = ProcessHandle.of(pid).orElseThrow();
        p.destroyForcibly();
        p.onExit().get(10, TimeUnit.SECONDS);
        System.out.println("killed " + args[3] + " (PID " + pid + ")");
        try {
          grid.async(MatrixOpsAsync.class, victim).normInf(grid.put(m)).get(Duration.ofSeconds(30));
          System.out.println("after the kill: the call on " + args[3] + " answered");
        } catch (GridException e) {
          System.out.println("after the kill: " + e.status() + ": "
              + e.getMessage().lines().findFirst().orElse(""));
        }
      }
    }
    System.exit(exitCode);
  }
}
