/**
 * JMH micro-benchmarks, built only with the {@code jmh} profile: a call over loopback, a server's dispatch of one
 * call, a localized {@code get()} and the value codec's throughput. Run from their own jar; nothing else uses
 * them.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link CallBenchmarks}: the null call over loopback: plain RMI against an async call followed by
 *       {@code get()}.
 *   <li>{@link DispatchBenchmark}: a server's dispatch of one async call on an in-process network, without the
 *       network.
 *   <li>{@link ValueBenchmarks}: a localized {@code get()} of a 1 MB value, and the matrix codec against Java
 *       serialization.
 * </ul>
 */
package org.gridrmi.benchmarks.jmh;
