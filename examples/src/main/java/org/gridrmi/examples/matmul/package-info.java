/**
 * The seed paper's distributed matrix multiply: a manager and k worker servers, with SPA and Cannon (1-D ring, 2-D
 * grid), three transfer mechanisms and two placements, and a short client program that runs it. An example for
 * users to read and copy; the worker is exported by the gridrmi command's default server, and the manager is run by
 * {@code gridrmi bench matmul}.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link Matmul}: the manager: k worker servers of a Grid, three algorithms, three transfer mechanisms, two
 *       placements.
 *   <li>{@link MatmulClient}: the client program: {@code C = A B} on k worker servers with SPA and Cannon, plain and
 *       improved, each product checked against a local multiply.
 *   <li>{@link MatmulWorker}: a matrix-multiply worker, as a GridRMI service: block operations on JAMA matrices.
 *   <li>{@link MatmulWorkerImpl}: the worker: JAMA block arithmetic, named slots for the plain manager, a raw socket
 *       endpoint on demand.
 *   <li>{@link MatrixBlock}: a matrix that plain RMI carries in the bulk codec's format (the paper's
 *       {@code Externalizable} mechanism).
 * </ul>
 */
package org.gridrmi.examples.matmul;
