/**
 * The sockets of each Grid and server ({@link NetContext}): TLS, the emulated slower network, byte counters, the
 * deadline of the current call on every read and write, the port shared by RMI and data connections, the grid secret
 * every plain connection proves first, and the key files of {@code gridrmi keys}. Used by GridRMI's own modules only (client-api, server-runtime, lookup-service,
 * gridrmi-inprocess, the gridrmi command, the benchmarks and the matrix multiply example); the unit tables its link
 * descriptions read are perf-model's {@code UnitScales}.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link CallDeadline}: the bound of the remote call the current thread is making, applied to every read and
 *       write of its GridRMI sockets.
 *   <li>{@link CallTraffic}: the bytes a remote call moves on the calling thread, so that the call is a sample of
 *       its link's cost.
 *   <li>{@link EmulatedLink}: a slower network emulated on the sending side: a message of n bytes arrives t_s + n
 *       t_w after it was flushed.
 *   <li>{@link FirstWrite}: tells a thread when its next RMI call holds a connection: at the first byte it writes.
 *   <li>{@link GridSocketFactory}: the socket factory of every GridRMI export and stub; carries only TLS or plain
 *       and the advertised host.
 *   <li>{@link GridSecret}: the secret every member of a grid holds (256 bits in a file its owner alone may read),
 *       which every plain connection proves both ways before anything else is read from it.
 *   <li>{@link HandshakeRefusedException}: a connection ended in its first exchange (another grid's secret, TLS or
 *       {@code --insecure} on one side only, no GridRMI port), with the status and one-line message to report.
 *   <li>{@link KeyFiles}: what {@code gridrmi keys} writes: a test CA and PKCS12 key stores, made with the JDK's own
 *       APIs.
 *   <li>{@link LinkPlan}: the emulated link to each peer: one profile for all, or rules by node name.
 *   <li>{@link LinkProfiles}: parses a link description (a profile name or explicit parameters) into a
 *       {@link LinkShaper}.
 *   <li>{@link LinkShaper}: shapes what one JVM writes to its GridRMI connections, to emulate a slower network on
 *       one machine.
 *   <li>{@link NetContext}: the network settings of one Grid or server and what its sockets share: TLS, link,
 *       counters, connect timeout, bind address.
 *   <li>{@link NetContexts}: which {@link NetContext} a stub read in this JVM uses.
 *   <li>{@link PeerIdentity}: who is calling, as TLS proved it: the subject of the peer's certificate for the call
 *       being served.
 *   <li>{@link SharedPort}: a node's RMI port that also takes its data connections, told apart by their first four
 *       bytes.
 *   <li>{@link TlsContext}: the TLS side of a {@link NetContext}: mutual authentication against the Grid's CA, TLS
 *       1.3 and 1.2.
 *   <li>{@link TlsRequiredException}: thrown when a TLS peer's stub asks this JVM for a TLS connection and it has no
 *       TLS settings.
 *   <li>{@link TransportMetrics}: bytes one {@link NetContext} sent and received, in total and per peer.
 * </ul>
 */
package org.gridrmi.runtime.net;
