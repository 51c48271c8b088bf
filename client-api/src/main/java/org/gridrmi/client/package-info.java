/**
 * The client API users program against: {@link Grid}, the entry point (connect to servers or discover them through
 * a lookup service, typed plain and async views of their services, put, scopes), the options of a view's calls,
 * and what a Grid reports of its servers (stats, traffic, links, placement decisions). Used by users, and by
 * GridRMI's gridrmi command, benchmarks and examples.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link CallLatency}: how long a server's calls took, from arrival to value, in logarithmic buckets; an
 *       interval is the difference of two readings.
 *   <li>{@link CallOptions}: the immutable options of the calls made through one view: the server (or automatic
 *       placement) and a deadline.
 *   <li>{@link Grid}: a client's connection to a Grid of servers, the entry point of GridRMI.
 *   <li>{@link GridLinks}: the links of a Grid as its nodes learned them from their traffic, with a probe of every
 *       server's links.
 *   <li>{@link GridScope}: releases every reference the Grid made on this thread while the scope was open.
 *   <li>{@link InternalPlacement}: the gate through which GridRMI's placement benchmark reads the automatic
 *       placement's estimates; not for users.
 *   <li>{@link LinkEstimate}: what a node learned of its link to one peer from its own traffic: t_s and t_w fitted
 *       to its samples.
 *   <li>{@link MethodTime}: a server's compute time for one service method, learned from its own calls.
 *   <li>{@link PeerBytes}: bytes moved between one JVM and one peer.
 *   <li>{@link Placement}: why a call of an automatically placed view went where it did: per candidate server, the
 *       predicted completion time.
 *   <li>{@link ServerInfo}: a server as the client sees it: name, address, services and the attributes of its
 *       registration.
 *   <li>{@link ServerStats}: a server's counters at one moment, as {@link Grid#stats} reads them.
 *   <li>{@link Traffic}: bytes this JVM moved on its GridRMI connections, in total and per peer.
 * </ul>
 */
package org.gridrmi.client;
