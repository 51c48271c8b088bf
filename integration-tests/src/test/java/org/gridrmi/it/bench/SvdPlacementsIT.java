package org.gridrmi.it.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import Jama.Matrix;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.gridrmi.benchmarks.LocalGrid;
import org.gridrmi.benchmarks.svd.SvdInputs;
import org.gridrmi.benchmarks.svd.SvdPlacements;
import org.gridrmi.benchmarks.svd.SvdPlacements.Variant;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.jama.JamaMatrixOps;
import org.gridrmi.jama.MatrixOpsAsync;
import org.gridrmi.jama.SolveResult;
import org.gridrmi.jama.SvdSolver;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.testing.ServerProcess;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The three placements of the SVD solver against one server JVM. The server runs with this JVM's class path minus
 * the test classes, so that {@link UndeployedTask} is truly absent there.
 */
class SvdPlacementsIT {
  static ServerProcess server;
  static Grid grid;
  static ServerInfo s1;
  static SvdPlacements placements;

  @BeforeAll
  static void start() throws Exception {
    Path logs = Files.createDirectories(Path.of("target", "it-logs"));
    String full = System.getProperty("java.class.path");
    String withoutTests = Arrays.stream(full.split(File.pathSeparator))
        .filter(e -> !e.replace('\\', '/').endsWith("/test-classes")
            && !e.replace('\\', '/').endsWith("/test-classes/"))
        .collect(Collectors.joining(File.pathSeparator));
    assertThat(withoutTests)
        .as("the test classes must be on the test's class path to be removed")
        .isNotEqualTo(full);
    List<String> args = List.of(
        "--name",
        "S1",
        "--port",
        "0",
        "--lease",
        "5s",
        "--service",
        LocalGrid.SERVICES.get(0),
        "--service",
        LocalGrid.SERVICES.get(1));
    // ServerProcess passes on this JVM's class path; hand it the one without test classes for this
    // one start
    synchronized (System.getProperties()) {
      System.setProperty("java.class.path", withoutTests);
      try {
        server = ServerProcess.start(
            "S1",
            ServerCommand.class.getName(),
            List.of("-Xmx256m"),
            args,
            logs.resolve("svd-S1.log"),
            Duration.ofSeconds(60));
      } finally {
        System.setProperty("java.class.path", full);
      }
    }
    grid = Grid.connect(server.address());
    s1 = grid.server("S1");
    placements = new SvdPlacements(grid, s1);
  }

  @AfterAll
  static void stop() {
    if (grid != null) grid.close();
    if (server != null) server.kill();
  }

  static double relativeError(Matrix x, Matrix ref) {
    return x.minus(ref).normF() / ref.normF();
  }

  @ParameterizedTest
  @ValueSource(ints = {5, 50, 200})
  void everyPlacementMatchesJamaLocalSolve(int n) {
    Matrix a = SvdInputs.wellConditioned(n, 1000 + n);
    Matrix b = SvdInputs.random(n, 1, 2000 + n);
    Matrix expected = a.solve(b);
    for (Variant v : Variant.values()) {
      SolveResult r = placements.run(v, a, b);
      assertThat(r.x().getRowDimension()).as(v + " rows").isEqualTo(n);
      assertThat(r.x().getColumnDimension()).as(v + " cols").isEqualTo(1);
      assertThat(relativeError(r.x(), expected))
          .as(v + " relative error of x at n=" + n)
          .isLessThan(1e-9);
      double residual = a.times(r.x()).minus(b).normInf();
      assertThat(r.residual())
          .as(v + " reported residual")
          .isCloseTo(residual, org.assertj.core.data.Offset.offset(1e-9))
          .isLessThan(1e-9 * n);
    }
  }

  @Test
  void singularMatrixIsHandledByAdjustsToleranceInEveryPlacement() {
    int n = 20;
    Matrix a = SvdInputs.random(n, 10, 7).times(SvdInputs.random(10, n, 8)); // rank 10
    Matrix b = SvdInputs.random(n, 1, 9);
    Matrix sigma = a.svd().getS();
    double tol = new org.gridrmi.jama.Adjust().toleranceFor(sigma);
    long dropped = java.util.stream.IntStream.range(0, n)
        .filter(i -> Math.abs(sigma.get(i, i)) <= tol)
        .count();
    assertThat(dropped).as("singular values under Adjust's tolerance " + tol).isEqualTo(10);
    SolveResult local = SvdSolver.solve(new JamaMatrixOps(), a, b); // the same solver, in this JVM
    for (Variant v : Variant.values()) {
      SolveResult r = placements.run(v, a, b);
      for (int i = 0; i < n; i++)
        assertThat(r.x().get(i, 0)).as(v + " x[" + i + "]").isFinite();
      // dropping the ten negligible singular values keeps x of the size of the data (not 1/eps)
      assertThat(r.x().normF()).as(v + " |x|").isLessThan(1e3);
      assertThat(r.residual())
          .as(v + " residual")
          .isFinite()
          .isGreaterThan(1e-6); // b is not in A's range
      assertThat(relativeError(r.x(), local.x()))
          .as(v + " x vs the local solver")
          .isLessThan(1e-9);
      assertThat(r.residual())
          .as(v + " residual vs the local solver")
          .isCloseTo(local.residual(), org.assertj.core.data.Offset.offset(1e-9));
    }
  }

  @Test
  void dimensionMismatchInTimesIsInvalidArgumentNamingBothShapes() {
    MatrixOpsAsync srv = grid.async(MatrixOpsAsync.class, s1);
    var product = srv.times(grid.put(new Matrix(3, 4)), grid.put(new Matrix(5, 2)));
    assertThatThrownBy(() -> product.get(Duration.ofSeconds(30)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("times")
        .hasMessageContaining("3x4")
        .hasMessageContaining("5x2");
  }

  @Test
  void taskClassTheServerCannotLoadFailsNamingTheClassAndHowToDeployIt() {
    MatrixOpsAsync srv = grid.async(MatrixOpsAsync.class, s1);
    var sigma = srv.svdS(srv.svd(grid.put(SvdInputs.wellConditioned(4, 3))));
    var result = srv.execTask(new UndeployedTask(), sigma);
    assertThatThrownBy(() -> result.get(Duration.ofSeconds(30)))
        .isInstanceOfSatisfying(
            GridException.class, e -> assertThat(e.status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining(UndeployedTask.class.getName())
        .hasMessageContaining("deploy");
    // the server is still fine, and a task it can load (Adjust, in jama-adapter) runs
    assertThat(srv.execTask(new org.gridrmi.jama.Adjust(), sigma)
            .get(Duration.ofSeconds(30))
            .get(0, 0))
        .isPositive();
  }
}
