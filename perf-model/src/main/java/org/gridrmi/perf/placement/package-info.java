/**
 * The placement model: the paper's cost model applied to one call and each candidate server, from the costs a
 * client has learned (a link as the model's {@code LinkCost}, one per direction of a pair of nodes), as automatic
 * placement ({@code CallOptions.auto()}) uses it call by call, and to whole compositions, as
 * {@code gridrmi bench placement} compares policies. Used by GridRMI's own modules only (client-api, the
 * benchmarks).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link Call}: a call to place: its method, the node it comes from, its reference inputs and where its result
 *       goes next.
 *   <li>{@link Choice}: where the policy put one call, and why: the estimates, or why the model could not be used.
 *   <li>{@link CostSnapshot}: a {@link CostTable} held in immutable maps: a client's estimates at one moment, or a
 *       test's table.
 *   <li>{@link CostTable}: what the model knows of the grid: links, compute time per server and method, result
 *       sizes, load.
 *   <li>{@link Estimate}: the model's prediction for one call on one candidate server: arrival, transfers, start and
 *       completion.
 *   <li>{@link Input}: an argument of a call to place: the node that holds it, its size and when it exists.
 *   <li>{@link Predictor}: the model (eqs. 1-7) applied to one call and one candidate server.
 *   <li>{@link ResultSizes}: what a client learned of the sizes of methods' results, per method and shape of the
 *       arguments.
 *   <li>{@link Schedule}: a whole composition under the model: the time of an assignment, the online policy's, and
 *       the best one by search.
 *   <li>{@link Timeline}: when each server's compute threads are busy with the calls placed so far.
 * </ul>
 */
package org.gridrmi.perf.placement;
