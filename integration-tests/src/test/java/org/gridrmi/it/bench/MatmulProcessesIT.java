package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import Jama.Matrix;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.client.Traffic;
import org.gridrmi.examples.matmul.Matmul;
import org.gridrmi.examples.matmul.Matmul.Algorithm;
import org.gridrmi.examples.matmul.Matmul.Mechanism;
import org.gridrmi.examples.matmul.Matmul.Placement;
import org.gridrmi.examples.matmul.MatmulWorker;
import org.gridrmi.examples.matmul.MatmulWorkerImpl;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The manager in the test JVM, k = 4 workers in JVMs of their own. */
class MatmulProcessesIT {
  static final List<ServerProcess> workers = new ArrayList<>();
  static String[] addresses;

  @BeforeAll
  static void start() throws Exception {
    Path logs = Files.createDirectories(Path.of("target", "it-logs"));
    for (int i = 1; i <= 4; i++) {
      String name = "W" + i;
      workers.add(ServerProcess.start(
          name,
          ServerCommand.class.getName(),
          List.of("-Xmx256m"),
          List.of(
              "--name",
              name,
              "--port",
              "0",
              "--service",
              MatmulWorker.class.getName() + "=" + MatmulWorkerImpl.class.getName()),
          logs.resolve("matmul-" + name + ".log"),
          Duration.ofSeconds(60)));
    }
    addresses = workers.stream().map(ServerProcess::address).toArray(String[]::new);
  }

  @AfterAll
  static void stop() {
    workers.forEach(ServerProcess::kill);
  }

  static Matrix random(int rows, int cols, long seed) {
    Random r = new Random(seed);
    Matrix m = new Matrix(rows, cols);
    for (int i = 0; i < rows; i++)
      for (int j = 0; j < cols; j++) m.set(i, j, r.nextDouble() * 2 - 1);
    return m;
  }

  static List<Object[]> variants() {
    List<Object[]> v = new ArrayList<>();
    for (Algorithm a : Algorithm.values()) {
      for (Mechanism m : Mechanism.values()) v.add(new Object[] {a, m, Placement.PLAIN});
      v.add(new Object[] {a, Mechanism.CODEC, Placement.IMPROVED});
    }
    return v;
  }

  @Test
  void everyVariantEqualsJamaTimesForEvenAndUnevenBlocks() {
    try (Grid grid = Grid.connect(addresses);
        Matmul mm = Matmul.connect(grid, 4)) {
      int[][] shapes = {{10, 10, 10}, {13, 13, 13}, {13, 11, 9}
      }; // n = 13: 4 does not divide it; rectangular too
      for (int[] s : shapes) {
        Matrix a = random(s[0], s[1], s[0] * 31L + s[1]);
        Matrix b = random(s[1], s[2], s[2] * 17L);
        Matrix expected = a.times(b);
        for (Object[] v : variants()) {
          Matrix c = mm.multiply(a, b, (Algorithm) v[0], (Mechanism) v[1], (Placement) v[2]);
          double maxAbs = maxAbs(c.minus(expected));
          assertThat(c.getRowDimension()).isEqualTo(s[0]);
          assertThat(c.getColumnDimension()).isEqualTo(s[2]);
          assertThat(maxAbs)
              .as("%s/%s/%s on %dx%d times %dx%d", v[0], v[1], v[2], s[0], s[1], s[1], s[2])
              .isLessThanOrEqualTo(1e-9 * s[1]);
        }
      }
    }
  }

  @Test
  void improvedCannonMovesOnlyDistributionAndGatherThroughTheManager() {
    int n = 160;
    Matrix a = random(n, n, 1);
    Matrix b = random(n, n, 2);
    long bound = 3L * n * n * 8;
    try (Grid grid = Grid.connect(addresses);
        Matmul mm = Matmul.connect(grid, 4)) {
      for (Algorithm alg : List.of(Algorithm.CANNON_1D, Algorithm.CANNON_2D)) {
        mm.multiply(a, b, alg, Mechanism.CODEC, Placement.IMPROVED); // warm: connections, leases
        long improved =
            managerBytes(grid, () -> mm.multiply(a, b, alg, Mechanism.CODEC, Placement.IMPROVED));
        long plain =
            managerBytes(grid, () -> mm.multiply(a, b, alg, Mechanism.CODEC, Placement.PLAIN));
        System.out.printf(
            "%s n=%d: manager bytes improved %d (%.2fx bound), plain %d (%.2fx)%n",
            alg.label, n, improved, improved / (double) bound, plain, plain / (double) bound);
        assertThat(improved).as(alg.label + " improved").isLessThanOrEqualTo((long) (1.1 * bound));
        assertThat(plain).as(alg.label + " plain").isGreaterThan((long) (1.3 * bound));
      }
    }
  }

  @Test
  void badInputFailsClearlyBeforeAnyWorkStarts() {
    try (Grid grid = Grid.connect(addresses)) {
      ServerInfo w1 = grid.servers(MatmulWorker.class).stream()
          .filter(s -> s.name().equals("W1"))
          .findFirst()
          .orElseThrow();
      long callsBefore = grid.stats(w1).callsRun();
      try (Matmul mm = Matmul.connect(grid, 4)) {
        assertThatThrownBy(() -> mm.multiply(
                random(5, 6, 1),
                random(7, 5, 2),
                Algorithm.SPA,
                Mechanism.CODEC,
                Placement.IMPROVED))
            .isInstanceOfSatisfying(
                GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
            .hasMessageContaining("5x6 times 7x5");
        assertThatThrownBy(() -> mm.multiply(
                random(3, 3, 1),
                random(3, 3, 2),
                Algorithm.CANNON_1D,
                Mechanism.SERIALIZABLE,
                Placement.PLAIN))
            .isInstanceOfSatisfying(
                GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
            .hasMessageContaining("too small");
      }
      try (Matmul three = Matmul.connect(grid, 3)) {
        assertThatThrownBy(() -> three.multiply(
                random(9, 9, 1),
                random(9, 9, 2),
                Algorithm.CANNON_2D,
                Mechanism.CODEC,
                Placement.PLAIN))
            .isInstanceOfSatisfying(
                GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
            .hasMessageContaining("k=3");
      }
      assertThatThrownBy(() -> Matmul.connect(grid, 5))
          .isInstanceOfSatisfying(
              GridException.class, e -> assertThat(e.status()).isEqualTo(Status.NOT_FOUND))
          .hasMessageContaining("asked for 5 workers");
      assertThat(grid.stats(w1).callsRun()).as("calls run on W1").isEqualTo(callsBefore);
    }
  }

  static long managerBytes(Grid grid, Runnable r) {
    Traffic before = grid.traffic();
    r.run();
    Traffic d = grid.traffic().since(before);
    return d.sentBytes() + d.receivedBytes();
  }

  static double maxAbs(Matrix m) {
    double max = 0;
    for (double[] row : m.getArray()) for (double x : row) max = Math.max(max, Math.abs(x));
    return max;
  }
}
