package org.gridrmi.examples.matmul.internal;

import Jama.Matrix;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/** Named blocks held by one worker JVM, shared by its RMI service and its raw socket endpoint. */
public final class SlotStore {
  private final Map<String, Matrix> slots = new ConcurrentHashMap<>();

  public void store(String key, Matrix m) {
    if (key == null || m == null)
      throw new GridException(Status.INVALID_ARGUMENT, "store: key and block are required");
    slots.put(key, m);
  }

  public Matrix load(String key) {
    Matrix m = slots.get(key);
    if (m == null) throw new GridException(Status.NOT_FOUND, "no block stored under '" + key + "'");
    return m;
  }

  /** slots[c] block at (row0, col0) += slots[a] * slots[b], in place (the slot is this worker's own). */
  public void multiplyAccumulate(String c, String a, String b, int row0, int col0) {
    Matrix cm = load(c);
    addProduct(cm, load(a), load(b), row0, col0);
  }

  public int clear(String prefix) {
    int before = slots.size();
    slots.keySet().removeIf(k -> k.startsWith(prefix));
    return before - slots.size();
  }

  /**
   * Adds {@code a b} to the block of {@code c} at (row0, col0), in place.
   *
   * @throws GridException INVALID_ARGUMENT if a and b are not conformable or the block does not fit in c
   */
  public static void addProduct(Matrix c, Matrix a, Matrix b, int row0, int col0) {
    if (a.getColumnDimension() != b.getRowDimension()) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "multiplyAccumulate: inner dimensions differ: " + shape(a) + " times " + shape(b));
    }
    int rows = a.getRowDimension();
    int cols = b.getColumnDimension();
    if (row0 < 0
        || col0 < 0
        || row0 + rows > c.getRowDimension()
        || col0 + cols > c.getColumnDimension()) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "multiplyAccumulate: a " + rows + "x" + cols + " product at (" + row0 + "," + col0
              + ") does not fit in C " + shape(c));
    }
    Matrix p = a.times(b); // JAMA's kernel, the same one the sequential baseline uses
    double[][] pd = p.getArray();
    double[][] cd = c.getArray();
    for (int i = 0; i < rows; i++) {
      double[] src = pd[i];
      double[] dst = cd[row0 + i];
      for (int j = 0; j < cols; j++) dst[col0 + j] += src[j];
    }
  }

  static String shape(Matrix m) {
    return m.getRowDimension() + "x" + m.getColumnDimension();
  }
}
