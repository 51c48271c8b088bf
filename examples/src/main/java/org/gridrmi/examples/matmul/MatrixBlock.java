package org.gridrmi.examples.matmul;

import Jama.Matrix;
import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectOutput;
import org.gridrmi.jama.MatrixCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;

/**
 * A matrix that plain RMI carries in the bulk codec's format: the paper's {@code Externalizable} mechanism, with
 * {@link MatrixCodec} writing the doubles in bulk instead of Java serialization's per-field reflection.
 */
public final class MatrixBlock implements Externalizable {
  private static final long serialVersionUID = 1L;
  private static final MatrixCodec CODEC = new MatrixCodec();
  private Matrix matrix;

  /** For {@link Externalizable} only. */
  public MatrixBlock() {}

  public MatrixBlock(Matrix matrix) {
    this.matrix = matrix;
  }

  public Matrix matrix() {
    return matrix;
  }

  @Override
  public void writeExternal(ObjectOutput out) throws IOException {
    CODEC.write(matrix, ValueOutput.of(out));
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException {
    matrix = CODEC.read(ValueInput.of(in));
  }
}
