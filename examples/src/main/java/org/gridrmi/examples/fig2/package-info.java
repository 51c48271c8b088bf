/**
 * The paper's Fig. 2 and Fig. 7 service, {@code method2(method1(x))}, each method sleeping for its compute time.
 * An example for users; exported by the gridrmi command's default server and used by the demo, the benchmarks and
 * the tests.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link Fig2Ops}: the Fig. 2 and Fig. 7 methods, as a GridRMI service.
 *   <li>{@link Fig2OpsImpl}: the sleeping implementation of {@link Fig2Ops}.
 * </ul>
 */
package org.gridrmi.examples.fig2;
