/**
 * The top of gridrmi-runtime, the node runtime that clients and servers share: what a Grid or a GridServer runs on
 * ({@link NodeRuntime}: transport, deserialization policy, limits, bounded pools, timer), its node and what it
 * serves ({@link LocalNode}, {@link NodeEndpoint}), the fetches and holds that let references be resolved where they
 * are used (localized in this JVM, else fetched from their owner), and what the Grid's and the server's builders
 * share. Every other package of the module lies below this one and none imports it (PackageCyclesTest). Used by
 * GridRMI's own modules only (client-api, server-runtime); users compile against org.gridrmi.ref, org.gridrmi.client
 * and org.gridrmi.server and never name these types.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link BoundedExecutor}: a pool bounded in threads and in queue, whose refusal is a
 *       {@link org.gridrmi.ref.GridException} naming the pool and its limits.
 *   <li>{@link CallSites}: the names of call sites ({@code "label on node"}), each one string, at most a bounded
 *       number.
 *   <li>{@link Cleaners}: the one cleaner of the JVM that watches reference objects for every Grid and server; its
 *       actions only queue releases.
 *   <li>{@link Daemons}: daemon threads named for what they do.
 *   <li>{@link Fetcher}: the fetches of one server or Grid: at most one per value id at a time, shared by every
 *       caller waiting for that value, long-polling its owner.
 *   <li>{@link FetchingContext}: resolves references for code that runs on a node (a server's call): a value a node
 *       here holds is the object itself, any other is fetched from its owner.
 *   <li>{@link HeldReferences}: the values a server holds because references to them live in its JVM (read inside
 *       values, carried by calls).
 *   <li>{@link HolderLink}: one holder's hold on the values of one owner node: holds and releases in the order made,
 *       sent until acknowledged, and the lease renewals that keep them.
 *   <li>{@link InternalStubs}: the gate through which lookup-service carries the registrar's remote reference as
 *       bytes and reads where it points before making it; not for users.
 *   <li>{@link KnownPeers}: the nodes a server may fetch values from, so that an address named in a reference cannot
 *       send it to any host.
 *   <li>{@link LifetimeSimulation}: the deterministic simulation of value lifetime that {@code bench lifetime} runs:
 *       one seed drives the real owner and holder classes through a simulated network and clock, and the invariants
 *       are checked after every step.
 *   <li>{@link LocalNode}: one node of the Grid: its value table, exported through its runtime's transport.
 *   <li>{@link ManualTicker}: a ticker that moves only when told, for tests and simulations.
 *   <li>{@link NodeEndpoint}: what every node serves: its values (a server's endpoint adds batches and plain calls).
 *   <li>{@link NodeRuntime}: what one server or Grid runs on, owned by it and closed with it: transport,
 *       deserialization policy, limits, pools, timer.
 *   <li>{@link OptionChecks}: the argument checks of the Grid's and the server's builder methods: a bad argument is a
 *       GridException(INVALID_ARGUMENT) naming the option and the value.
 *   <li>{@link ReceivedTransfers}: the batches a server received whose references it does not hold yet, and those
 *       their senders gave up (refused if they come later), by holder and transfer id: what a Grid asks about before
 *       it unpins the references a batch carried.
 *   <li>{@link RequesterKeys}: the keys an instance presents, one per owner, when it asks other nodes for values as
 *       a borrower.
 *   <li>{@link RuntimeSettings}: the limits and timeouts of one Grid or server, set by its builder.
 *   <li>{@link Ticker}: where a runtime reads the time, so that tests can run leases, pins and retries on a clock
 *       they move.
 *   <li>{@link TransitPins}: keeps the references written inside values that left this instance reachable until the
 *       receiver holds them: a fetch's until its receiver acknowledges the transfer, a batch's not yet held until the
 *       server says it holds them, each at most one period.
 *   <li>{@link Transports}: makes the product's transport, RMI (the in-process one comes from gridrmi-inprocess).
 * </ul>
 */
package org.gridrmi.runtime;
