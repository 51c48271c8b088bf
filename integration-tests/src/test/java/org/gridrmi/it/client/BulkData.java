package org.gridrmi.it.client;

import org.gridrmi.ref.GridService;

/**
 * Large values made on one server and checked on another, bit for bit, by a checksum of their raw bits that the test
 * can compute without making the value ({@link BulkDataImpl#expected}).
 */
@GridService
public interface BulkData {
  /** {@code n} doubles of random bits (NaNs with payloads among them), a function of {@code seed} and the index. */
  double[] doubles(int n, long seed);

  /** The checksum of the raw bits of every element, in order, and of the length. */
  long checksum(double[] data);

  /**
   * A {@code double[rows][cols]} whose row-major entries are {@code doubles(rows * cols, seed)} (JAMA's Matrix
   * moves through the same row codec path; only jama-adapter and the examples may use JAMA).
   */
  double[][] rows(int rows, int cols, long seed);

  /** {@link #checksum(double[])} of the entries in row-major order. */
  long rowsChecksum(double[][] a);

  /** Bytes every live thread of this server has allocated so far (the JVM's per-thread counters, summed). */
  long allocatedBytes();
}
