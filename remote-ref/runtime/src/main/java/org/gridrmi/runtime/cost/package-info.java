/**
 * What a node learns of its costs from its own traffic and calls: each link's t_s and t_w (in perf-model's
 * {@code LinkCost}, fitted with perf-model's {@code Fit.line}), each service method's compute time. Servers report
 * them in their stats; automatic placement decides with them. Used by GridRMI's own modules only (client-api,
 * server-runtime, gridrmi-inprocess).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link LinkLearner}: learns what one node's links cost from its own round trips: per peer, t_s and t_w
 *       fitted by least squares to the recent samples; bounded in peers and samples.
 *   <li>{@link LinkProbe}: a short calibration of a link that no traffic has taught yet: a few fetches of probe
 *       values, made by the node asked from their ids alone.
 *   <li>{@link MethodCost}: a server's compute time for one service method, from its own calls.
 *   <li>{@link MethodTimes}: a server's compute time per service method: a count and a sum per method, bounded in
 *       methods.
 *   <li>{@link PeerLinkEstimate}: what a node learned of its link to one peer (the peer, its {@code LinkCost},
 *       whether t_w is known, the samples behind it), as its stats carry it.
 * </ul>
 */
package org.gridrmi.runtime.cost;
