/**
 * The paper's analytic cost model (section 3, eqs. 1-7) for chains of composed calls, with its calibration file
 * and units: what {@code gridrmi model} and {@code gridrmi calibrate} compute and what the benchmarks compare
 * their measurements with; and the pieces the layers above share with it: a link's cost ({@link LinkCost}), the
 * least-squares line ({@link Fit}) and the unit tables. perf-model depends on the JDK only. Used by GridRMI's own
 * modules (gridrmi-runtime, whose nodes learn links as {@link LinkCost}s; client-api; the gridrmi command; the
 * benchmarks); users meet it through {@code gridrmi model} and {@code gridrmi calibrate}.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link AtomicFiles}: writes a result file through a temporary sibling and a move, so that no reader sees
 *       half of one.
 *   <li>{@link Calibration}: a measured t_s/t_w (and tau_s/tau_w) with the quality of its fit, as the calibration
 *       file stores it.
 *   <li>{@link CallLayout}: where the composed calls of the model run: each on its own server, or all on one.
 *   <li>{@link Composition}: a chain of k composed calls: the client's input size, each call's result size and
 *       compute time.
 *   <li>{@link CostModel}: the paper's cost model (eqs. 1-7) generalised to a chain of k calls, and the section 3.5
 *       rules.
 *   <li>{@link CostParameters}: the model's parameters: the network's and a local socket's {@link LinkCost}, and
 *       n_r, the size of a reference.
 *   <li>{@link Fit}: a least-squares straight line with its coefficient of determination: the one fit, of
 *       {@code gridrmi calibrate} and of the nodes' learned link costs.
 *   <li>{@link LinkCost}: the cost of one link, one direction: a message of n bytes takes t_s + n t_w; the one type
 *       for a link's cost.
 *   <li>{@link Prediction}: a variant's predicted communication time and total time.
 *   <li>{@link Recommendation}: plain or improved RMI, whichever the model predicts faster, with the paper's rule of
 *       thumb beside it.
 *   <li>{@link RuleOfThumb}: the paper's section 3.5 rule for choosing improved RMI, checked at every composition
 *       step.
 *   <li>{@link UnitScales}: the unit tables shared by the model's calculator, the runtime's link descriptions and the
 *       server's size options (KB = 1000 B, KiB = 1024 B).
 *   <li>{@link Units}: parses and prints the model's quantities (SI inside; KB = 1000 B, KiB = 1024 B).
 *   <li>{@link Variant}: the RMI variants of the paper's section 3, each with the equation that models it.
 * </ul>
 */
package org.gridrmi.perf;
