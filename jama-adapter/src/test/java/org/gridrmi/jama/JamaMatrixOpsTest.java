package org.gridrmi.jama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import Jama.Matrix;
import Jama.SingularValueDecomposition;
import java.io.IOException;
import java.time.Duration;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.Task;
import org.junit.jupiter.api.Test;

class JamaMatrixOpsTest {
  private final JamaMatrixOps ops = new JamaMatrixOps();

  private static void assertInvalid(ThrowingCallable call, String... messageParts) {
    assertThatThrownBy(call)
        .isInstanceOf(GridException.class)
        .satisfies(e -> assertThat(((GridException) e).status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContainingAll(messageParts);
  }

  @Test
  void dimensionMismatchesNameTheOperationAndBothShapes() {
    Matrix a34 = new Matrix(3, 4);
    assertInvalid(
        () -> ops.times(a34, new Matrix(5, 2)), "times: inner dimensions differ: 3x4 times 5x2");
    assertInvalid(() -> ops.minus(a34, new Matrix(4, 3)), "minus: shapes differ: 3x4 and 4x3");
    assertInvalid(() -> ops.plus(a34, new Matrix(3, 5)), "plus: shapes differ: 3x4 and 3x5");
    assertInvalid(
        () -> ops.solve(new Matrix(3, 3), new Matrix(4, 1)),
        "solve: row counts differ: a is 3x3, b is 4x1");
    assertInvalid(
        () -> ops.solveSvd(new Matrix(3, 3), new Matrix(4, 1)),
        "solveSvd: row counts differ",
        "3x3",
        "4x1");
    assertInvalid(
        () -> ops.solve(new Matrix(2, 3), new Matrix(2, 1)), "solve: needs rows >= columns", "2x3");
  }

  @Test
  void nullArgumentsNameTheParameter() {
    assertInvalid(() -> ops.times(null, new Matrix(1, 1)), "times: argument 'a' is null");
    assertInvalid(() -> ops.times(new Matrix(1, 1), null), "times: argument 'b' is null");
    assertInvalid(() -> ops.svd(null), "svd: argument 'a' is null");
    assertInvalid(() -> ops.svdU(null), "svdU: argument 'd' is null");
    assertInvalid(() -> ops.normInf(null), "normInf: argument 'a' is null");
    assertInvalid(() -> ops.execTask(null, 1), "execTask: argument 'task' is null");
  }

  @Test
  void delegatesToJama() {
    Matrix a = ops.random(4, 3, 1);
    Matrix b = ops.random(3, 2, 2);
    assertThat(ops.times(a, b).getArray()).isDeepEqualTo(a.times(b).getArray());
    assertThat(ops.scale(a, 2.5).getArray()).isDeepEqualTo(a.times(2.5).getArray());
    assertThat(ops.transpose(a).getArray()).isDeepEqualTo(a.transpose().getArray());
    assertThat(ops.plus(a, a).getArray()).isDeepEqualTo(a.plus(a).getArray());
    assertThat(ops.minus(a, a).normInf()).isZero();
    assertThat(ops.normInf(a)).isEqualTo(a.normInf());
    assertThat(ops.norm2(a)).isCloseTo(a.norm2(), within(1e-14));
    SingularValueDecomposition d = ops.svd(a);
    Matrix usv = ops.times(ops.times(ops.svdU(d), ops.svdS(d)), ops.transpose(ops.svdV(d)));
    assertThat(ops.minus(usv, a).normInf()).isLessThan(1e-12);
    Matrix sq = ops.plus(ops.random(5, 5, 3), ops.scale(ops.identity(5, 5), 5));
    assertThat(ops.times(sq, ops.inverse(sq)).minus(Matrix.identity(5, 5)).normInf())
        .isLessThan(1e-12);
  }

  @Test
  void randomIsDeterministicPerSeedAndChecksSize() {
    assertThat(ops.random(3, 3, 7).getArray())
        .isDeepEqualTo(new JamaMatrixOps().random(3, 3, 7).getArray());
    assertThat(ops.random(3, 3, 7).getArray()).isNotEqualTo(ops.random(3, 3, 8).getArray());
    assertInvalid(() -> ops.random(-1, 3, 0), "random: negative dimensions -1x3");
    assertThatThrownBy(() -> ops.random(1 << 16, 1 << 16, 0))
        .isInstanceOf(GridException.class)
        .satisfies(
            e -> assertThat(((GridException) e).status()).isEqualTo(Status.RESOURCE_EXHAUSTED))
        .hasMessageContaining("65536x65536");
  }

  @Test
  void nanAndInfinityAreComputedAsJamaComputesThem() {
    Matrix a = ops.random(4, 4, 5);
    a.set(1, 2, Double.NaN);
    Matrix b = ops.random(4, 4, 6);
    b.set(0, 0, Double.POSITIVE_INFINITY);
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      assertThat(ops.times(a, b).get(1, 0)).isNaN();
      assertThat(ops.times(b, ops.identity(4, 4)).get(0, 0)).isInfinite();
      assertThat(ops.normInf(a)).isNaN();
      assertThat(ops.norm2(a)).isNaN();
      assertThat(ops.norm2(b)).isEqualTo(Double.POSITIVE_INFINITY);
      assertThat(ops.solve(a, ops.random(4, 1, 1)).get(0, 0)).isNaN();
    });
  }

  @Test
  void svdOfNonFiniteOrHugeEntriesTerminatesWithAClearError() {
    // JAMA 1.0.3 itself loops forever on every one of these (checked by hand); the adapter must
    // refuse them
    Matrix nan = ops.random(4, 4, 5);
    nan.set(1, 2, Double.NaN);
    Matrix inf = ops.random(4, 4, 5);
    inf.set(3, 0, Double.NEGATIVE_INFINITY);
    Matrix huge = ops.scale(ops.random(5, 5, 5), 1e308);
    assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
      assertInvalid(() -> ops.svd(nan), "svd: entry (1,2) of the 4x4 matrix is NaN");
      assertInvalid(() -> ops.svd(inf), "svd: entry (3,0) of the 4x4 matrix is -Infinity");
      assertInvalid(() -> ops.svd(huge), "svd: entries too large", "5x5");
      assertInvalid(() -> ops.solveSvd(nan, ops.random(4, 1, 0)), "svd: entry (1,2)");
      assertThat(ops.norm2(huge)).isCloseTo(ops.scale(huge, 1e-300).norm2() * 1e300, within(1e296));
    });
  }

  @Test
  void svdJustBelowTheOverflowBoundTerminates() {
    for (int n : new int[] {1, 2, 5, 40}) {
      double max = org.gridrmi.jama.internal.SafeSvd.MAX_FROBENIUS_BOUND / n; // sqrt(n*n) = n
      Matrix a =
          ops.scale(ops.plus(ops.random(n, n, n), ops.scale(ops.random(n, n, n + 1), -1)), max);
      Matrix ones = ops.scale(new Matrix(n, n, 1.0), max); // rank one, every entry at the bound
      assertTimeoutPreemptively(Duration.ofSeconds(10), () -> {
        assertThat(ops.svd(a).getSingularValues()[0]).isFinite();
        assertThat(ops.svd(ones).getSingularValues()[0])
            .isCloseTo(n * max, within(n * max * 1e-12));
      });
    }
  }

  @Test
  void svdRejectsShapesJamaCannotDecompose() {
    assertInvalid(
        () -> ops.svd(new Matrix(2, 5)), "svd: JAMA's SVD needs rows >= columns, got 2x5");
    assertInvalid(() -> ops.svd(new Matrix(0, 0)), "svd: cannot decompose an empty 0x0 matrix");
    assertInvalid(() -> ops.svd(new Matrix(3, 0)), "empty 3x0");
    assertThat(ops.norm2(ops.random(2, 5, 1)))
        .isCloseTo(ops.random(2, 5, 1).transpose().norm2(), within(1e-14));
    assertThat(ops.norm2(new Matrix(0, 3))).isZero();
  }

  @Test
  void singularMatricesGetAClearMessage() {
    Matrix singular = new Matrix(new double[][] {{1, 2}, {2, 4}});
    assertInvalid(
        () -> ops.inverse(singular),
        "inverse: matrix is singular (2x2); solveSvd handles singular");
    assertInvalid(() -> ops.solve(singular, new Matrix(2, 1)), "solve: matrix is singular (2x2)");
    assertThat(ops.solve(new Matrix(0, 0), new Matrix(0, 2)).getColumnDimension())
        .isEqualTo(2);
  }

  @Test
  void argumentsAreNeverModified() {
    Matrix a = ops.random(6, 6, 9);
    Matrix b = ops.random(6, 1, 10);
    double[][] a0 = a.getArrayCopy();
    double[][] b0 = b.getArrayCopy();
    ops.svd(a);
    ops.solve(a, b);
    ops.inverse(a);
    ops.solveSvd(a, b);
    ops.norm2(a);
    ops.scale(a, 3);
    assertThat(a.getArray()).isDeepEqualTo(a0);
    assertThat(b.getArray()).isDeepEqualTo(b0);
  }

  @Test
  void execTaskRunsTheTaskAndReportsItsFailures() {
    assertThat(ops.execTask((Task<Integer, Integer>) x -> x + 1, 41)).isEqualTo(42);
    assertThat(ops.execTask(new Adjust(), Matrix.identity(2, 2).times(4)).get(1, 1))
        .isEqualTo(0.25);
    Task<String, String> checked = x -> {
      throw new IOException("disk gone");
    };
    assertThatThrownBy(() -> ops.execTask(checked, "x"))
        .isInstanceOf(GridException.class)
        .satisfies(e -> assertThat(((GridException) e).status()).isEqualTo(Status.REMOTE_FAILURE))
        .hasMessageContaining("disk gone")
        .hasCauseInstanceOf(IOException.class);
    assertInvalid(() -> ops.execTask(new Adjust(), new Matrix(2, 3)), "Adjust", "2x3");
  }
}
