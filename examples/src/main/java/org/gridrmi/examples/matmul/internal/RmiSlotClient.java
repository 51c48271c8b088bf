package org.gridrmi.examples.matmul.internal;

import Jama.Matrix;
import org.gridrmi.examples.matmul.MatmulWorker;
import org.gridrmi.examples.matmul.MatrixBlock;

/** Slots over plain RMI: blocks as {@link Matrix} (Java serialization) or as {@link MatrixBlock} (the codec). */
public final class RmiSlotClient implements SlotClient {
  private final MatmulWorker worker;
  private final boolean codec;

  public RmiSlotClient(MatmulWorker worker, boolean codec) {
    this.worker = worker;
    this.codec = codec;
  }

  @Override
  public void store(String key, Matrix m) {
    if (codec) worker.storeBlock(key, new MatrixBlock(m));
    else worker.store(key, m);
  }

  @Override
  public void zeros(String key, int rows, int cols) {
    worker.storeZeros(key, rows, cols);
  }

  @Override
  public Matrix load(String key) {
    return codec ? worker.loadBlock(key).matrix() : worker.load(key);
  }

  @Override
  public void multiplyAccumulate(String c, String a, String b, int row0, int col0) {
    worker.multiplyAccumulateSlots(c, a, b, row0, col0);
  }

  @Override
  public void clear(String prefix) {
    worker.clearSlots(prefix);
  }
}
