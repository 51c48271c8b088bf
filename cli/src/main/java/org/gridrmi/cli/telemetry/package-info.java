/**
 * The OpenTelemetry SDK of the command-line JVMs (configured from the {@code OTEL_*} settings, Prometheus on
 * {@code --metrics-port}), spans around the examples' chains, and the reading and drawing of OTLP JSON traces for
 * {@code gridrmi trace}. Used by the gridrmi command and the benchmarks.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link ChainSpans}: a span around a chain of calls the examples make, so that the chain's calls on every JVM
 *       are one trace.
 *   <li>{@link OtlpTraceFile}: spans read from OTLP JSON, as the SDK's OTLP JSON exporters write them.
 *   <li>{@link TelemetrySetup}: the OpenTelemetry SDK of one command-line JVM, configured the standard way.
 *   <li>{@link TraceChart}: a {@link TraceTimeline} as a chart: time across, one band per JVM, each stretch in the
 *       colour of its phase.
 *   <li>{@link TraceTimeline}: one trace as a timeline, one row per JVM: waiting, queued, fetching, computing.
 * </ul>
 */
package org.gridrmi.cli.telemetry;
