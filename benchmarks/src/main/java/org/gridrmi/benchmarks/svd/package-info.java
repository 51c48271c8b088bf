/**
 * The paper's SVD case study (section 4, Fig. 10) as {@code gridrmi bench svd} and {@code gridrmi demo} measure
 * it: the three placements, the inputs, the model's estimate and the figure. Used by gridrmi-benchmarks and its
 * integration tests.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link ComputeTimer}: measures on the server how long the whole solver takes.
 *   <li>{@link SvdExperiment}: the case-study measurement shared by {@code bench svd} and {@code demo}.
 *   <li>{@link SvdFigure}: the case study's picture, the shape of the paper's Fig. 10.
 *   <li>{@link SvdInputs}: the benchmark's systems, seeded.
 *   <li>{@link SvdModel}: a simple, stated estimate of the three placements' times with the paper's cost model.
 *   <li>{@link SvdPlacements}: the SVD solver in its three placements: plain, improved and ideal.
 * </ul>
 */
package org.gridrmi.benchmarks.svd;
