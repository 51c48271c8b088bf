/**
 * The API GridRMI's users compile against: the typed remote reference to a value that lives in one JVM of the
 * Grid, the annotations that make a plain Java interface a GridRMI service and shape its generated async view, the
 * one exception GridRMI throws with its status codes, tasks that run next to their data, and TLS stores. The
 * remote-ref artifact needs the JDK only. Used by users and by every GridRMI module.
 *
 * <p>Two public classes of this package come from gridrmi-inprocess, not from this artifact: {@code InProcessNetwork}
 * (servers and Grids in one JVM, for tests) and {@code InternalInProcess} (the gate through which GridRMI's own
 * modules reach it; not for users).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link AsyncView}: implemented by every async view the processor generates from a service interface
 *       {@code S}, so that {@code grid.async(SAsync.class)} is typed without casts.
 *   <li>{@link AsyncViewOf}: put by the processor on a generated async view: names the service interface it calls.
 *   <li>{@link ByValue}: keeps a parameter of a service method a value in the async view (serialized into the call)
 *       instead of a {@link RemoteReference}.
 *   <li>{@link GridException}: the one exception GridRMI throws to user code: unchecked, with a {@link Status}, the
 *       remote cause and the chain of calls the failure travelled through.
 *   <li>{@link GridService}: marks a plain Java interface as a GridRMI service; the processor writes its
 *       {@code NameAsync} view.
 *   <li>{@link Idempotent}: marks a service method that may safely run twice, so that a value lost with its server
 *       is computed again from the call's recorded inputs.
 *   <li>{@link RemoteReference}: a typed, immutable, serializable handle to a write-once value held by one JVM of
 *       the Grid (its owner); passing it sends its identity, never the value.
 *   <li>{@link Status}: why an operation produced no value; the codes follow gRPC's.
 *   <li>{@link Task}: user code run on a server next to its data: travels by value, and runs only if the server has
 *       its class and allows it.
 *   <li>{@link TlsStores}: the PKCS12 key and trust stores, and their password, one member of a Grid uses for mutual
 *       TLS.
 * </ul>
 */
package org.gridrmi.ref;
