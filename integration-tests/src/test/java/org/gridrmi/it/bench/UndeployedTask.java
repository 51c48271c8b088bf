package org.gridrmi.it.bench;

import Jama.Matrix;
import org.gridrmi.ref.Task;

/**
 * A task that lives only in the test classes: {@link SvdPlacementsIT} starts its server without them, so the server
 * cannot load this class and must say so.
 */
public final class UndeployedTask implements Task<Matrix, Matrix> {
  private static final long serialVersionUID = 1L;

  @Override
  public Matrix apply(Matrix m) {
    return m.copy();
  }
}
