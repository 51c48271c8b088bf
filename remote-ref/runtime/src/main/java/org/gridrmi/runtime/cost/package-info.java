/**
 * What a node learns of its costs from its own traffic and calls: each link's t_s and t_w, each service method's
 * compute time. Servers report them in their stats; automatic placement decides with them. Used by GridRMI's own
 * modules only (client-api, server-runtime, perf-model).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link LineFit}: an ordinary least-squares straight line with its coefficient of determination: the one fit,
 *       shared by the link estimates and perf-model.
 *   <li>{@link LinkCost}: what a node learned of its link to one peer (t_s, t_w), as its stats carry it.
 *   <li>{@link LinkCosts}: what one node learns of its links from its round trips: each peer's t_s and t_w.
 *   <li>{@link LinkProbe}: a short calibration of a link that no traffic has taught yet: a few fetches of probe
 *       values over a data connection.
 *   <li>{@link MethodCost}: a server's compute time for one service method, from its own calls.
 *   <li>{@link MethodTimes}: a server's compute time per service method: a count and a sum per method, bounded in
 *       methods.
 * </ul>
 */
package org.gridrmi.runtime.cost;
