/**
 * How the benchmarks measure: warm-up rounds before anything is timed, progress lines with the time left, and
 * order statistics of the measurements. Used by gridrmi-benchmarks only (its benchmarks and the demo).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link Progress}: one line per step of a long benchmark, with the time left estimated from the steps done so
 *       far, on stderr so that stdout stays a clean table.
 *   <li>{@link Stats}: order statistics of measurements (inputs are not modified).
 *   <li>{@link Warmup}: unmeasured rounds that run the measured paths until the JIT has compiled them, in every JVM
 *       they cross.
 * </ul>
 */
package org.gridrmi.benchmarks.harness;
