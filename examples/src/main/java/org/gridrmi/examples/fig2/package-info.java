/**
 * The paper's Fig. 2: the service {@code method2(method1(x))}, each method sleeping for its compute time, and a short
 * client program that composes its two methods on two servers, plain and improved. An example for users to read and
 * copy; the service is exported by the gridrmi command's default server and used by the demo, the benchmarks and
 * the tests.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link Fig2Client}: the client program: {@code method2(method1())} on two servers, plain RMI against the
 *       async view, with the time and the bytes through the client of each.
 *   <li>{@link Fig2Ops}: the Fig. 2 and Fig. 7 methods, as a GridRMI service.
 *   <li>{@link Fig2OpsImpl}: the sleeping implementation of {@link Fig2Ops}.
 * </ul>
 */
package org.gridrmi.examples.fig2;
