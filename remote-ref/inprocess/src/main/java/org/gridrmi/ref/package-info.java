/**
 * gridrmi-inprocess's part of org.gridrmi.ref (the rest of the package is the API in the remote-ref artifact): the
 * in-process network users test their services with, servers and Grids in one JVM whose calls are copied through
 * serialization and the filters as between JVMs, with faults a test sets; and the gate through which GridRMI's own
 * modules reach its implementation. Used by users' tests ({@code GridServer.builder().inProcess(net)},
 * {@code Grid.builder().inProcess(net)}) and, through the gate, by client-api, server-runtime and the JMH benchmarks.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link InProcessNetwork}: a network inside one JVM for tests, at addresses {@code inproc://NAME}, with faults
 *       a test sets: stall, kill, drop the next calls, delay, partition.
 *   <li>{@link InternalInProcess}: the gate through which GridRMI's own modules reach the in-process transport
 *       behind an {@link InProcessNetwork} (org.gridrmi.inprocess.internal); not for users' code.
 * </ul>
 */
package org.gridrmi.ref;
