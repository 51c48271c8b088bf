package org.gridrmi.jama;

import static org.assertj.core.api.Assertions.assertThat;

import Jama.Matrix;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SvdSolverTest {
  private final JamaMatrixOps ops = new JamaMatrixOps();

  private static double relativeError(Matrix x, Matrix expected) {
    return x.minus(expected).normInf() / expected.normInf();
  }

  /** A = random + n I: diagonally dominant, so well conditioned. */
  private Matrix wellConditioned(int n, long seed) {
    return ops.plus(ops.random(n, n, seed), ops.scale(ops.identity(n, n), n));
  }

  @ParameterizedTest
  @ValueSource(ints = {1, 2, 10, 50, 100, 200})
  void matchesJamasSolveInEveryPlacement(int n) {
    Matrix a = wellConditioned(n, n);
    Matrix b = ops.random(n, 1, 1000 + n);
    Matrix expected = a.solve(b);
    SolveResult fig8 = SvdSolver.solve(ops, a, b);
    SolveResult fig9 = SvdSolver.solve(ops, a, b, SvdSolver.AdjustAt.SERVICE, new Adjust());
    SolveResult ideal = ops.solveSvd(a, b);
    for (SolveResult r : new SolveResult[] {fig8, fig9, ideal}) {
      assertThat(r.x().getRowDimension()).isEqualTo(n);
      assertThat(relativeError(r.x(), expected)).isLessThan(1e-9);
      assertThat(r.residual()).isLessThan(1e-9 * b.normInf() * n);
      assertThat(r.residual()).isEqualTo(a.times(r.x()).minus(b).normInf());
    }
  }

  @Test
  void severalRightHandSides() {
    Matrix a = wellConditioned(30, 3);
    Matrix b = ops.random(30, 4, 4);
    assertThat(relativeError(ops.solveSvd(a, b).x(), a.solve(b))).isLessThan(1e-9);
  }

  @Test
  void singularMatrixIsHandledByTheTolerance() {
    // rank 2: the third row is the sum of the first two; JAMA's LU refuses it
    Matrix a = new Matrix(new double[][] {{1, 2, 3}, {4, 5, 6}, {5, 7, 9}});
    Matrix consistent = a.times(new Matrix(new double[][] {{1}, {1}, {1}}));
    SolveResult r = ops.solveSvd(a, consistent);
    assertThat(r.x().normInf()).isFinite();
    assertThat(r.residual()).isLessThan(1e-12); // b is in the range of A: solved exactly
    // the minimum-norm solution: orthogonal to the null space (1, -2, 1)
    Matrix nullVector = new Matrix(new double[][] {{1}, {-2}, {1}});
    assertThat(Math.abs(r.x().transpose().times(nullVector).get(0, 0))).isLessThan(1e-12);

    Matrix inconsistent = new Matrix(new double[][] {{1}, {0}, {0}});
    SolveResult ls = SvdSolver.solve(ops, a, inconsistent);
    assertThat(ls.x().normInf())
        .isFinite()
        .isLessThan(10); // without the tolerance 1/sigma_3 ~ 1e16 blows it up
    assertThat(ls.residual()).isPositive().isLessThan(1);
  }

  @Test
  void allZeroMatrixGivesZeroSolution() {
    SolveResult r = ops.solveSvd(new Matrix(4, 4), ops.random(4, 1, 1));
    assertThat(r.x().normInf()).isZero();
  }

  @Test
  void tallSystemIsSolvedInTheLeastSquaresSense() {
    Matrix a = ops.random(40, 5, 11);
    Matrix b = ops.random(40, 1, 12);
    assertThat(relativeError(ops.solveSvd(a, b).x(), a.solve(b)))
        .isLessThan(1e-9); // JAMA: QR least squares
  }
}
