/**
 * JAMA matrices on GridRMI: the {@link MatrixOps} service (the server side of the paper's SVD case study) and its
 * JAMA implementation, the {@link Adjust} task, the bulk {@link MatrixCodec} and the SVD solver written as
 * fine-grained calls. Used by users who compute with JAMA matrices on a Grid, and by the examples, the gridrmi
 * command's default server and the benchmarks.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link Adjust}: the paper's {@code Adjust} task: turns the Sigma of an SVD into its pseudo-inverse.
 *   <li>{@link JamaMatrixOps}: {@link MatrixOps} by delegation to JAMA 1.0.3, with the argument checks the interface
 *       promises.
 *   <li>{@link MatrixCodec}: the wire format of JAMA {@code Matrix} values, registered as a value codec.
 *   <li>{@link MatrixOps}: fine-grained dense linear algebra over JAMA, as a GridRMI service ({@code MatrixOpsAsync}
 *       is its generated view).
 *   <li>{@link SolveResult}: what the SVD solver returns: the solution and its residual.
 *   <li>{@link SvdSolver}: the paper's SVD linear solver as a sequence of fine-grained {@link MatrixOps} calls, one
 *       code path for every placement.
 * </ul>
 */
package org.gridrmi.jama;
