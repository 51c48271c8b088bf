/**
 * The service-provider interface for value codecs: how a value class gets a wire format of its own instead of Java
 * serialization wherever GridRMI moves it (put, get, server-to-server fetch). For users who write a codec
 * (jama-adapter's {@code MatrixCodec} is one) and for gridrmi-runtime, which calls them.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link ValueCodec}: a wire format for exactly one value class, found with {@link java.util.ServiceLoader};
 *       both ends must have it.
 *   <li>{@link ValueInput}: where a codec reads a value from: a {@link java.io.DataInput} that also reads whole runs
 *       of primitives, little-endian.
 *   <li>{@link ValueOutput}: where a codec writes a value to: a {@link java.io.DataOutput} that also takes whole
 *       runs of primitives, little-endian.
 * </ul>
 */
package org.gridrmi.ref.spi;
