/**
 * The types that travel between nodes: batches of commands and their receipts, fetch answers, failures stored as
 * values, values on their way (their codec's bytes or Java serialization) and how an instance reads them, what nodes
 * tell each other about themselves, and the references themselves ({@link Ref}), which values carry, with the
 * context each is bound to where it is read ({@link RefContext}). Used by GridRMI's own modules only (client-api,
 * server-runtime, gridrmi-inprocess, the JMH benchmarks).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link BatchReceipt}: what a server answers to an accepted batch, such as that its store is under pressure.
 *   <li>{@link Borrower}: a server a value was lent to, as its owner keeps the value for it: its address and the node
 *       id of the process there.
 *   <li>{@link CodedValue}: a plain call's argument or result that has a value codec, written by it on the wire.
 *   <li>{@link Command}: one entry of a batch sent to a server: a call or a put.
 *   <li>{@link Failure}: a failure stored as a value, which travels along the chain of calls that depend on it.
 *   <li>{@link FailureCarrier}: carries a stored failure through a {@link java.util.concurrent.CompletableFuture}:
 *       data, no stack trace.
 *   <li>{@link FetchResult}: the answer to a fetch: its state, then the value or the failure.
 *   <li>{@link HeldDigest}: what one holder holds at one owner in a constant size (a count and a sum of mixed ids),
 *       which every renewal carries and its answer compares.
 *   <li>{@link InlineArgument}: how a call carries an argument given as {@code RemoteReference.of(value)}: the value
 *       itself.
 *   <li>{@link Introduction}: what a client tells a server with a batch: where its own node is and which servers
 *       make up its Grid.
 *   <li>{@link MethodKeys}: how a service method is named on the wire: {@code name(type,type)} with erased parameter
 *       class names.
 *   <li>{@link NodeInfo}: a node's answer to {@code info()}: its identity, name, address and data ticket.
 *   <li>{@link NodeStats}: a node's counters at one moment (values, pending, holders, bytes, links, method times),
 *       as its stats answer.
 *   <li>{@link Outcomes}: how a value's outcome becomes what {@code get()} returns or throws.
 *   <li>{@link PlainResult}: the outcome of a plain call: a value or a failure.
 *   <li>{@link ReadRefs}: notices the references read inside a value, for a fetcher that acknowledges its transfer.
 *   <li>{@link Ref}: the reference implementation: a value id and its owner's address, about a hundred bytes on the
 *       wire, bound to the context it was made or read in.
 *   <li>{@link RefContext}: what resolves a reference where it is used: the Grid that made it, the Grid or server
 *       that read it inside a value, or none (unbound).
 *   <li>{@link RefContexts}: which {@link RefContext} a reference binds to when it is read: the reading stream's, the
 *       one set for RMI's own streams on this thread, else unbound.
 *   <li>{@link Release}: a holder lets go of one value, naming the servers it lent the value to.
 *   <li>{@link Renewal}: an owner's answer to a renewal: the lease granted and whether the digests agree.
 *   <li>{@link Requester}: the node that asks in a fetch or an abandon: its address, its node id and the key it made
 *       for that owner.
 *   <li>{@link SerializedValue}: a by-value argument kept as bytes until the call runs, so that a class the server
 *       cannot load fails that call only.
 *   <li>{@link ValueIds}: value ids: 127 random bits and one that says who writes the value.
 *   <li>{@link ValueReader}: how one Grid or server reads a value: with its policy, the references inside bound to
 *       its context.
 *   <li>{@link WireValue}: a value on its way between JVMs: written by its codec where one is registered, else by
 *       Java serialization.
 *   <li>{@link WrittenRefs}: notices the references written inside a value that Java serialization writes.
 * </ul>
 */
package org.gridrmi.runtime.wire;
