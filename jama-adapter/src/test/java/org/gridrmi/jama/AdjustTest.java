package org.gridrmi.jama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import Jama.Matrix;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

class AdjustTest {
  private static Matrix diag(double... values) {
    Matrix m = new Matrix(values.length, values.length);
    for (int i = 0; i < values.length; i++) {
      m.set(i, i, values[i]);
    }
    return m;
  }

  @Test
  void invertsTheDiagonal() {
    Matrix plus = new Adjust().apply(diag(4, 2, 0.5));
    assertThat(plus.getArray()).isDeepEqualTo(diag(0.25, 0.5, 2).getArray());
  }

  @Test
  void zeroesZeroAndNegligibleSingularValuesOfASingularSigma() {
    // the default tolerance is 3 * 10 * 2^-52 ~ 6.7e-15: 1e-15 is noise from a rank-deficient SVD
    Matrix sigma = diag(10, 1e-15, 0);
    Matrix plus = new Adjust().apply(sigma);
    assertThat(plus.getArray()).isDeepEqualTo(diag(0.1, 0, 0).getArray());
    assertThat(new Adjust().toleranceFor(sigma)).isEqualTo(3 * 10 * Math.scalb(1.0, -52));
  }

  @Test
  void aSingularMatrixsOwnSvdIsHandled() {
    Matrix a = new Matrix(new double[][] {{1, 2, 3}, {2, 4, 6}, {1, 0, 1}}); // rank 2
    Matrix plus = new Adjust().apply(a.svd().getS());
    assertThat(plus.get(2, 2)).isZero();
    assertThat(plus.get(0, 0)).isPositive();
    assertThat(plus.get(1, 1)).isPositive();
  }

  @Test
  void valueExactlyAtTheToleranceBecomesZero() {
    assertThat(new Adjust(0.5).apply(diag(0.5, 0.50001)).getArray())
        .isDeepEqualTo(diag(0, 1 / 0.50001).getArray());
  }

  @Test
  void forShapeUsesTheLargerDimension() {
    Matrix sigma = diag(8, 1);
    assertThat(Adjust.forShape(100, 2).toleranceFor(sigma)).isEqualTo(100 * 8 * Adjust.EPSILON);
    assertThat(Adjust.forShape(2, 2).toleranceFor(sigma))
        .isEqualTo(new Adjust().toleranceFor(sigma));
    assertThatThrownBy(() -> Adjust.forShape(0, 2)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void doesNotModifyItsInput() {
    Matrix sigma = diag(2, 4);
    new Adjust().apply(sigma);
    assertThat(sigma.getArray()).isDeepEqualTo(diag(2, 4).getArray());
  }

  @Test
  void nanStaysVisibleAndInfinityInvertsToZero() {
    Matrix plus = new Adjust().apply(diag(2, Double.NaN, 1));
    assertThat(plus.get(0, 0)).isEqualTo(0.5); // a NaN does not poison the tolerance of the others
    assertThat(plus.get(1, 1)).isNaN();
    assertThat(plus.get(2, 2)).isEqualTo(1);
    Matrix withInf = new Adjust(1e-9).apply(diag(2, Double.POSITIVE_INFINITY));
    assertThat(withInf.get(0, 0)).isEqualTo(0.5);
    assertThat(withInf.get(1, 1)).isZero();
    // relative to an infinite sigma_max every finite value is negligible: the default tolerance is
    // infinite
    assertThat(new Adjust().apply(diag(2, Double.POSITIVE_INFINITY)).normInf()).isZero();
  }

  @Test
  void rejectsNonSquareAndNonDiagonalInput() {
    assertThatThrownBy(() -> new Adjust().apply(new Matrix(3, 4)))
        .isInstanceOf(GridException.class)
        .satisfies(e -> assertThat(((GridException) e).status()).isEqualTo(Status.INVALID_ARGUMENT))
        .hasMessageContaining("square diagonal Sigma")
        .hasMessageContaining("3x4");
    Matrix notDiagonal = diag(1, 2);
    notDiagonal.set(1, 0, 0.5);
    assertThatThrownBy(() -> new Adjust().apply(notDiagonal))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("entry (1,0) of the 2x2 matrix is 0.5");
    assertThatThrownBy(() -> new Adjust().apply(null))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("'sigma' is null");
  }

  @Test
  void rejectsBadTolerance() {
    assertThatThrownBy(() -> new Adjust(-1)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Adjust(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
    assertThatThrownBy(() -> new Adjust(Double.POSITIVE_INFINITY))
        .isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void emptySigmaGivesEmptySigmaPlus() {
    assertThat(new Adjust().apply(new Matrix(0, 0)).getRowDimension()).isZero();
  }

  @Test
  void travelsByValue() throws Exception {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
      out.writeObject(new Adjust(0.25));
    }
    Adjust back =
        (Adjust) new ObjectInputStream(new ByteArrayInputStream(bytes.toByteArray())).readObject();
    assertThat(back.apply(diag(0.25, 0.5)).getArray()).isDeepEqualTo(diag(0, 2).getArray());
  }
}
