/**
 * The types that travel between nodes: batches of commands and their receipts, fetch answers, failures stored as
 * values, values on their way (their codec's bytes or Java serialization), and what nodes tell each other about
 * themselves. Used by GridRMI's own modules only (client-api, server-runtime, gridrmi-inprocess);
 * {@link GatewayProxy} is also what a plain Jini client gets when it looks a service up by type.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link BatchReceipt}: what a server answers to an accepted batch, such as that its store is under pressure.
 *   <li>{@link Command}: one entry of a batch sent to a server: a call or a put.
 *   <li>{@link Failure}: a failure stored as a value, which travels along the chain of calls that depend on it.
 *   <li>{@link FetchResult}: the answer to a fetch: its state, then the value or the failure.
 *   <li>{@link GatewayProxy}: the smart proxy a server registers with the lookup service for each service: it
 *       implements the service interface.
 *   <li>{@link InlineArgument}: how a call carries an argument given as {@code RemoteReference.of(value)}: the value
 *       itself.
 *   <li>{@link Introduction}: what a client tells a server with a batch: where its own node is and which servers
 *       make up its Grid.
 *   <li>{@link NodeInfo}: a node's identity, name, address and data ticket.
 *   <li>{@link NodeStats}: a node's counters at one moment (values, pending, holders, bytes, links, method times),
 *       as its stats answer.
 *   <li>{@link PlainResult}: the outcome of a plain call: a value or a failure.
 *   <li>{@link Release}: a holder lets go of one value, naming the servers it lent the value to.
 *   <li>{@link Requester}: the node that asks in a fetch or an abandon: its address and the key it made for that
 *       owner.
 *   <li>{@link SerializedValue}: a by-value argument kept as bytes until the call runs, so that a class the server
 *       cannot load fails that call only.
 *   <li>{@link ValueIds}: value ids: 127 random bits and one that says who writes the value.
 *   <li>{@link WireValue}: a value on its way between JVMs: written by its codec where one is registered, else by
 *       Java serialization.
 * </ul>
 */
package org.gridrmi.runtime.wire;
