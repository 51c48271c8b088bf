/**
 * The seam between a node and what carries its calls: what a node serves ({@link NodeService}), a remote node as
 * its callers use it ({@link NodeClient}), and the {@link Transport} between them: RMI in the product, direct
 * calls inside one JVM in gridrmi-inprocess. Used by GridRMI's own modules only (client-api, server-runtime,
 * gridrmi-inprocess).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link Addresses}: node addresses: {@code rmi://host:port} over RMI, {@code inproc://name} in process.
 *   <li>{@link Caller}: who makes the call a node is serving: the network address it came from and the identity TLS
 *       proved.
 *   <li>{@link NodeClient}: a remote node as its callers use it: every method bounded, every failure a
 *       {@link org.gridrmi.ref.GridException}.
 *   <li>{@link NodeService}: what a node serves to other nodes: its values and, on a server, async batches and plain
 *       calls.
 *   <li>{@link Timeouts}: how long remote calls may take.
 *   <li>{@link Transport}: what carries calls between nodes.
 *   <li>{@link Transports}: makes the product's transport, RMI.
 * </ul>
 */
package org.gridrmi.runtime.transport;
