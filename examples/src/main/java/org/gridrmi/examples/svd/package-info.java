/**
 * The paper's case study (section 4) as a short client program: the SVD linear solver on one server, plain (Fig. 8),
 * improved (Fig. 9) and ideal (one call), on jama-adapter's {@code MatrixOps}. An example for users to read and copy;
 * the benchmark that measures the same placements is gridrmi-benchmarks' {@code bench svd}.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link SvdClient}: the client program: {@code A x = b} by SVD three ways, with the residual, the time and the
 *       bytes through the client of each.
 * </ul>
 */
package org.gridrmi.examples.svd;
