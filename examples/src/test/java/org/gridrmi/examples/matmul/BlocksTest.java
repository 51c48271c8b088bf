package org.gridrmi.examples.matmul;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import Jama.Matrix;
import org.gridrmi.examples.matmul.Matmul.Algorithm;
import org.gridrmi.examples.matmul.Matmul.Mechanism;
import org.gridrmi.examples.matmul.Matmul.Placement;
import org.gridrmi.examples.matmul.internal.Blocks;
import org.gridrmi.examples.matmul.internal.SlotStore;
import org.gridrmi.ref.GridException;
import org.junit.jupiter.api.Test;

class BlocksTest {
  @Test
  void splitCoversEveryIndexOnceWithSizesDifferingByAtMostOne() {
    assertThat(Blocks.split(13, 4)).containsExactly(0, 3, 6, 9, 13);
    assertThat(Blocks.split(8, 4)).containsExactly(0, 2, 4, 6, 8);
  }

  @Test
  void addProductAddsIntoTheBlockOnlyAndRefusesWhatDoesNotFit() {
    Matrix c = new Matrix(3, 4, 1.0);
    SlotStore.addProduct(
        c, new Matrix(new double[][] {{2}}), new Matrix(new double[][] {{3, 4}}), 1, 2);
    assertThat(c.getArray()[1]).containsExactly(1, 1, 7, 9);
    assertThat(c.getArray()[0]).containsExactly(1, 1, 1, 1);
    assertThatThrownBy(() -> SlotStore.addProduct(c, new Matrix(1, 1), new Matrix(1, 2), 2, 3))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("does not fit");
  }

  @Test
  void checkRefusesSocketWithTheImprovedPlacementAndNamesTheGridSide() {
    Matrix a = new Matrix(8, 8);
    assertThat(Matmul.check(a, a, Algorithm.CANNON_2D, Mechanism.CODEC, Placement.PLAIN, 4))
        .isEqualTo(2);
    assertThatThrownBy(
            () -> Matmul.check(a, a, Algorithm.SPA, Mechanism.SOCKET, Placement.IMPROVED, 4))
        .isInstanceOf(GridException.class)
        .hasMessageContaining("plain placement only");
  }
}
