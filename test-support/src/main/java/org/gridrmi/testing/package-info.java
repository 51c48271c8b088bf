/**
 * Process helpers for integration tests: JVMs started with the test's own class path, killed when the test's JVM
 * ends; a connection-counting port; a fake lookup service; and the heap in use, for footprint tests. A test-scope dependency of GridRMI's modules with integration tests
 * (integration-tests, lookup-service) and of the runtime's tests, never of production code.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link JvmProcess}: a child JVM with the test's class path, its output kept for waiting on a line and copied
 *       to a log file.
 *   <li>{@link ServerProcess}: a GridRMI server or lookup service in a JVM of its own, ready once it prints its
 *       address.
 *   <li>{@link CountingPort}: loopback server sockets that count the connections made to them, for checking that
 *       nothing connects where a hostile stub points.
 *   <li>{@link HeapUse}: the heap this JVM uses after full collections, for tests that bound a structure's cost per
 *       element.
 *   <li>{@link FakeLookupService}: a program answering Jini unicast discovery with a registrar proxy of its choosing,
 *       for checking what a client does with one that points elsewhere.
 * </ul>
 */
package org.gridrmi.testing;
