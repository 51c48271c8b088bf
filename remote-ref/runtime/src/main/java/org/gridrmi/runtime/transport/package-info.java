/**
 * The seam between a node and what carries its calls: the node's operations written once ({@link NodeProtocol}),
 * what a node serves ({@link NodeService}), a remote node as its callers use it ({@link NodeClient}), the one
 * mechanism by which transports forward every operation ({@link Operation}), and the {@link Transport} between them:
 * RMI in the product (this module's internal.rmi, made by the root package's {@code Transports}), direct calls inside
 * one JVM in gridrmi-inprocess. Used by GridRMI's own modules only (client-api, server-runtime, gridrmi-inprocess,
 * the JMH benchmarks).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link Addresses}: node addresses: {@code rmi://host:port} over RMI, {@code inproc://name} in process.
 *   <li>{@link Caller}: who makes the call a node is serving: the network address it came from and the identity TLS
 *       proved.
 *   <li>{@link JvmNodes}: the nodes of this JVM whose values its other nodes resolve in place (localized), as a
 *       transport whose nodes share the JVM keeps them.
 *   <li>{@link NodeClient}: a remote node as its callers use it: every method bounded, every failure a
 *       {@link org.gridrmi.ref.GridException}.
 *   <li>{@link NodeProtocol}: the operations of a node, written once, each with how messages name it and how long it
 *       may take; what nodes serve, what callers call and RMI's remote interface.
 *   <li>{@link NodeService}: what a node serves to other nodes: the protocol's operations plus what a transport's own
 *       paths ask of it (a fetch streamed over a data connection).
 *   <li>{@link Operation}: one operation of the protocol as transports forward it: a caller's {@link NodeClient} is
 *       a proxy whose calls reach the transport's forwarder, which invokes the operation on the far side.
 *   <li>{@link Timeouts}: how long remote calls may take.
 *   <li>{@link Transport}: what carries calls between nodes.
 * </ul>
 */
package org.gridrmi.runtime.transport;
