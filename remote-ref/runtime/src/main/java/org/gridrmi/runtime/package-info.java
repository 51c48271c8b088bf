/**
 * The node runtime that clients and servers share (gridrmi-runtime): what a Grid or a GridServer runs on
 * ({@link NodeRuntime}: transport, deserialization policy, limits, bounded pools, timer), its node and the values
 * it holds ({@link LocalNode}), references and how they are resolved where they are used (localized in this JVM,
 * else fetched from their owner), and deserialization filtering. Used by GridRMI's own modules only (client-api,
 * server-runtime, gridrmi-inprocess, lookup-service); users compile against org.gridrmi.ref, org.gridrmi.client
 * and org.gridrmi.server and never name these types (a server's builder takes {@link SerialPolicy.Limits}).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link BoundedExecutor}: a pool bounded in threads and in queue, whose refusal is a
 *       {@link org.gridrmi.ref.GridException} naming the pool and its limits.
 *   <li>{@link Cleaners}: the one cleaner of the JVM that watches reference objects for every Grid and server; its
 *       actions only queue releases.
 *   <li>{@link Codecs}: the value codecs found on the class path (and in users' jars, once added), by exact class
 *       and by id.
 *   <li>{@link Daemons}: daemon threads named for what they do.
 *   <li>{@link FailureCarrier}: carries a stored failure through a {@link java.util.concurrent.CompletableFuture}:
 *       data, no stack trace.
 *   <li>{@link Fetcher}: the fetches of one server or Grid: at most one per value id at a time, shared by every
 *       caller waiting for that value, long-polling its owner.
 *   <li>{@link FetchingContext}: resolves references for code that runs on a node or outside any Grid: a value held
 *       here is the object itself, any other is fetched from its owner.
 *   <li>{@link HeldReferences}: the values a server holds because references to them live in its JVM (read inside
 *       values, carried by calls).
 *   <li>{@link HolderLink}: one holder's hold on the values of one owner node: holds and releases in the order made,
 *       and the lease renewals that keep them.
 *   <li>{@link JvmFilter}: the JVM-wide deserialization filter, for the streams no instance can set a filter on
 *       (RMI's plain results, registry replies, the lookup service's calls).
 *   <li>{@link KnownPeers}: the nodes a server may fetch values from, so that an address named in a reference cannot
 *       send it to any host.
 *   <li>{@link LocalNode}: one node of the Grid: its value table, exported through its runtime's transport.
 *   <li>{@link MethodKeys}: how a service method is named on the wire: {@code name(type,type)} with erased parameter
 *       class names.
 *   <li>{@link NodeEndpoint}: what every node serves: its values (a server's endpoint adds batches and plain calls).
 *   <li>{@link NodeRuntime}: what one server or Grid runs on, owned by it and closed with it: transport,
 *       deserialization policy, limits, pools, timer.
 *   <li>{@link Nodes}: the RMI nodes of this JVM, so that a value held by any of them resolves to the object itself.
 *   <li>{@link Outcomes}: how a value's outcome becomes what {@code get()} returns or throws.
 *   <li>{@link Ref}: the reference implementation: a value id and its owner's address, about a hundred bytes on the
 *       wire.
 *   <li>{@link RefContext}: what resolves a reference where it is used: the Grid that made it, the server whose call
 *       received it, or a detached context.
 *   <li>{@link RefContexts}: which {@link RefContext} a reference read on this thread binds to.
 *   <li>{@link RequesterKeys}: the keys an instance presents, one per owner, when it asks other nodes for values as
 *       a borrower.
 *   <li>{@link RuntimeSettings}: the limits and timeouts of one Grid or server, set by its builder.
 *   <li>{@link SerialFilters}: the parts of deserialization filtering that do not depend on an instance: JDK value
 *       types, known gadgets, the limits check.
 *   <li>{@link SerialPolicy}: what one Grid or server deserializes (JEP 290): an allowlist, never a denylist, and
 *       limits.
 *   <li>{@link TransitPins}: keeps the references written inside values that left this instance reachable until the
 *       receiver holds them.
 *   <li>{@link WrittenRefs}: notices the references written inside a value that Java serialization writes.
 * </ul>
 */
package org.gridrmi.runtime;
