/**
 * What a JVM deserializes, at the bottom of gridrmi-runtime: each instance's allowlist and limits
 * ({@link SerialPolicy}, JEP 290), the JVM-wide filter for the streams no instance can filter, the known gadgets
 * that are never allowed, the value codecs (those on the class path and the JDK values' own), bounded reads of sized
 * data, and the log that refusals of every kind are reported through. Used by GridRMI's own modules only
 * (client-api, server-runtime, lookup-service, the JMH benchmarks); a server's builder takes
 * {@link SerialPolicy.Limits} as {@code serialLimits(...)}, the one type of this package a user may name.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link BoundedReads}: reads sized data without trusting the size: a length past the limits is refused at
 *       once, and a plausible one is allocated only as its bytes arrive.
 *   <li>{@link Codecs}: the value codecs found on the class path (and in users' jars, once added), by exact class
 *       and by id; for users' records, POJOs and collections, the fast codec.
 *   <li>{@link FastCodec}: the fast path for users' value types: Apache Fory with class registration required,
 *       registering only the classes the reading node's policy allows.
 *   <li>{@link JdkCodecs}: codecs for the JDK values GridRMI moves most (arrays of primitives, numbers, strings),
 *       written as their bytes, with array lengths checked before anything is allocated.
 *   <li>{@link JvmFilter}: the JVM-wide deserialization filter, for the streams no instance can set a filter on
 *       (RMI's plain results, registry replies, the lookup service's calls).
 *   <li>{@link RefusalLog}: logs refusals of one kind at WARNING: the first few, then every so many, with the count
 *       so far.
 *   <li>{@link SerialFilters}: the parts of deserialization filtering that do not depend on an instance: JDK value
 *       types, known gadgets, the limits check, the RMI registry's limits.
 *   <li>{@link SerialPolicy}: what one Grid or server deserializes (JEP 290): an allowlist, never a denylist, and
 *       limits.
 * </ul>
 */
package org.gridrmi.runtime.serial;
