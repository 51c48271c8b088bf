package org.gridrmi.examples.matmul;

import Jama.Matrix;
import org.gridrmi.examples.matmul.internal.SlotStore;
import org.gridrmi.examples.matmul.internal.SocketEndpoint;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/** The worker: JAMA block arithmetic, named slots for the plain manager, a raw socket endpoint on demand. */
public final class MatmulWorkerImpl implements MatmulWorker {
  private final SlotStore slots = new SlotStore();
  private SocketEndpoint socket;

  @Override
  public Matrix zeros(int rows, int cols) {
    if (rows < 0 || cols < 0)
      throw new GridException(Status.INVALID_ARGUMENT, "zeros: " + rows + "x" + cols);
    return new Matrix(rows, cols);
  }

  @Override
  public Matrix keep(Matrix m) {
    return m;
  }

  @Override
  public Matrix times(Matrix a, Matrix b) {
    Matrix c = new Matrix(a.getRowDimension(), b.getColumnDimension());
    SlotStore.addProduct(c, a, b, 0, 0);
    return c;
  }

  @Override
  public Matrix multiplyAccumulate(Matrix c, Matrix a, Matrix b, int row0, int col0) {
    Matrix out = c.copy(); // values in the store are shared: never change an argument
    SlotStore.addProduct(out, a, b, row0, col0);
    return out;
  }

  @Override
  public void store(String key, Matrix m) {
    slots.store(key, m);
  }

  @Override
  public void storeBlock(String key, MatrixBlock m) {
    slots.store(key, m == null ? null : m.matrix());
  }

  @Override
  public void storeZeros(String key, int rows, int cols) {
    slots.store(key, zeros(rows, cols));
  }

  @Override
  public Matrix load(String key) {
    return slots.load(key);
  }

  @Override
  public MatrixBlock loadBlock(String key) {
    return new MatrixBlock(slots.load(key));
  }

  @Override
  public void multiplyAccumulateSlots(String c, String a, String b, int row0, int col0) {
    slots.multiplyAccumulate(c, a, b, row0, col0);
  }

  @Override
  public int clearSlots(String prefix) {
    return slots.clear(prefix);
  }

  @Override
  public synchronized int socketPort(String linkProfile) {
    if (socket == null)
      socket = new SocketEndpoint(slots, org.gridrmi.runtime.net.LinkProfiles.parse(linkProfile));
    return socket.port();
  }
}
