package org.gridrmi.benchmarks.transfer;

import Jama.Matrix;
import org.gridrmi.ref.GridService;

/**
 * The service of the transfer benchmark ({@code gridrmi bench transfer}): one server makes a value, another takes it
 * as an argument and reduces it to a checksum, so the value moves between them; {@link #allocatedBytes} tells how
 * much heap the move cost each side.
 */
@GridService
public interface TransferOps {
  /** A {@code double[n]} of deterministic content ({@link TransferOpsImpl#content}). */
  double[] doubles(int n);

  /** A {@code rows x cols} matrix of the same content, row by row. */
  Matrix matrix(int rows, int cols);

  /** A {@code double[rows][cols]} of the same content, row by row: a value that may pass 2 GB. */
  double[][] rows(int rows, int cols);

  /** The checksum of {@code v}'s entries, row by row. */
  long rowsChecksum(double[][] v);

  /** The checksum of {@code v} ({@link TransferOpsImpl#checksum(double[])}). */
  long checksum(double[] v);

  /** The checksum of {@code m}'s entries, row by row. */
  long matrixChecksum(Matrix m);

  /** Bytes allocated on the heap by this JVM's live threads so far. */
  long allocatedBytes();

  /** Milliseconds this JVM's JIT compilers have spent compiling so far (-1 if the JVM does not say). */
  long compilationMillis();

  /**
   * Runs a full collection in this JVM ({@code System.gc()}) and returns the heap in use after it, in bytes: the
   * benchmark calls it between rounds, outside the timed part (as JMH does with {@code -gc true}), so that the
   * garbage of one round is not collected in the middle of the next one's transfer.
   */
  long collectGarbage();
}
