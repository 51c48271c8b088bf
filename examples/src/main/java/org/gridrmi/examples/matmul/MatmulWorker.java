package org.gridrmi.examples.matmul;

import Jama.Matrix;
import org.gridrmi.ref.ByValue;
import org.gridrmi.ref.GridService;

/**
 * A matrix-multiply worker (the paper's worker process): block operations on {@link Matrix}.
 *
 * <p>Two styles, one per placement. The <em>functional</em> methods ({@link #zeros}, {@link #keep},
 * {@link #multiplyAccumulate}, {@link #times}) take and return values, so in the async view every block is a
 * {@code RemoteReference} that a later call on another worker fetches worker to worker. The <em>slot</em> methods
 * ({@link #store}, {@link #load}, {@link #multiplyAccumulateSlots}, ...) keep named blocks in the worker, so that a
 * plain manager can move every block through itself, as the paper did; the same slots are offered on a raw socket
 * ({@link #socketPort}) for the socket baseline. Shapes that do not fit fail with {@code INVALID_ARGUMENT}.
 */
@GridService
public interface MatmulWorker {
  /** A new rows x cols zero matrix. */
  Matrix zeros(int rows, int cols);

  /** Returns {@code m}; as an async call it makes a copy owned by this worker, which neighbours fetch from here. */
  Matrix keep(Matrix m);

  /** {@code a b}. */
  Matrix times(Matrix a, Matrix b);

  /**
   * A copy of {@code c} in which the block at ({@code row0}, {@code col0}) of the shape of {@code a b} has
   * {@code a b} added: C += A*B on a block of C. {@code c} itself is not changed.
   */
  Matrix multiplyAccumulate(Matrix c, Matrix a, Matrix b, int row0, int col0);

  /** Stores {@code m} under {@code key} (replacing what was there): the manager hands this worker a block. */
  void store(@ByValue String key, Matrix m);

  /** The same as {@link #store}, the block travelling in the bulk codec's format (Externalizable). */
  void storeBlock(@ByValue String key, MatrixBlock m);

  /** Stores a rows x cols zero matrix under {@code key}. */
  void storeZeros(@ByValue String key, int rows, int cols);

  /** The block stored under {@code key}: the manager takes a block back. */
  Matrix load(@ByValue String key);

  /** The same as {@link #load}, in the bulk codec's format (Externalizable). */
  MatrixBlock loadBlock(@ByValue String key);

  /** Slot form of {@link #multiplyAccumulate}: {@code slots[c]} block at (row0, col0) += slots[a] * slots[b]. */
  void multiplyAccumulateSlots(
      @ByValue String c, @ByValue String a, @ByValue String b, int row0, int col0);

  /** Forgets every slot whose key starts with {@code prefix}; returns how many. */
  int clearSlots(@ByValue String prefix);

  /**
   * The port of this worker's raw socket endpoint serving the same slots (started on first call), sending through
   * the emulated link {@code linkProfile} (the benchmark's, so that the socket baseline crosses the same link).
   */
  int socketPort(String linkProfile);
}
