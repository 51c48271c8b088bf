/**
 * What GridRMI reports through the OpenTelemetry API (the SDK is the gridrmi command's choice): spans of calls and
 * fetches, metrics and node gauges, the trace context a call carries, and the log lines on lost peers (refusals
 * are logged by serial's {@code RefusalLog}). Used by GridRMI's own modules only (client-api, server-runtime, and
 * the gridrmi command, whose trace timeline reads the span and event names of {@link ServerCall} and
 * {@link FetchSpan}).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link CallTimes}: how long a server's calls took, as counts in logarithmic buckets, as its stats carry
 *       them.
 *   <li>{@link ClientCall}: one call as its client sees it: a client span whose context travels with the call, and
 *       its duration metric.
 *   <li>{@link FetchSpan}: a fetch of a value from its owner, as spans on both ends.
 *   <li>{@link LogLines}: GridRMI's log lines one line each: the java.util.logging format a Grid and a server set
 *       where the user configured none.
 *   <li>{@link NodeGauges}: a node's state (values held and pending, store bytes, queued calls) as instruments read
 *       when a reader collects.
 *   <li>{@link PeerHealth}: which peers stopped answering: one WARNING line when a peer is lost, one INFO line when
 *       it answers again.
 *   <li>{@link ServerCall}: one call on a server: a server span from its arrival until its value or failure, its
 *       phases as events.
 *   <li>{@link Telemetry}: what one Grid or server reports through: its tracer, meter, propagator and instruments.
 *   <li>{@link TraceHeaders}: a trace context as it travels in a batch's call, a fetch and a plain call.
 * </ul>
 */
package org.gridrmi.runtime.telemetry;
