package org.gridrmi.ref.spi;

import java.io.IOException;

/**
 * A wire format for one value class, used wherever GridRMI moves a value of exactly that class between JVMs
 * (put, get, server-to-server fetch). Values of classes without a codec of their own use the runtime's fast codec
 * for users' records, POJOs and collections where it takes them, else Java serialization (see docs/performance.md,
 * "Which codec a value uses").
 *
 * <p>Codecs are found with {@link java.util.ServiceLoader}: list the implementation in
 * {@code META-INF/services/org.gridrmi.ref.spi.ValueCodec}. Both ends must have the codec; a stream naming a
 * codec the reader lacks fails that transfer with {@code NOT_FOUND}. The plain RMI path never uses codecs.
 *
 * <p>A codec writes to a stream and reads from one: on GridRMI's data connections the stream is sent in chunks as
 * they fill and decoded as they arrive, so neither side ever holds the value whole as bytes. Write arrays of
 * primitives with the bulk methods of {@link ValueOutput} (one memory copy per chunk) rather than element by element.
 *
 * @param <T> the value class
 */
public interface ValueCodec<T> {
  /** The exact class this codec writes (subclasses are not matched). */
  Class<T> type();

  /** A short, stable name written in the stream before the value, such as {@code "jama.Matrix"}. */
  String id();

  /** Writes {@code value}; must write exactly what {@link #read} reads (a data connection checks that it did). */
  void write(T value, ValueOutput out) throws IOException;

  /**
   * Reads a value written by {@link #write}; must reject impossible sizes before allocating, and allocate arrays
   * through {@link ValueInput}'s {@code read...(int n)} methods.
   */
  T read(ValueInput in) throws IOException;

  /**
   * How many bytes {@link #write} writes for {@code value}: what a node's store counts the value as (its budget,
   * what it spills). The default writes the value to a stream that only counts; a codec that knows its size at
   * once (an array's length) should say so.
   */
  default long size(T value) {
    long[] count = new long[1];
    java.io.OutputStream counter = new java.io.OutputStream() { // keeps nothing: it counts
          @Override
          public void write(int b) {
            count[0]++;
          }

          @Override
          public void write(byte[] b, int off, int len) {
            count[0] += len;
          }
        };
    try {
      write(value, ValueOutput.of(new java.io.DataOutputStream(counter)));
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(
          "codec " + id() + " could not write a value to count its size", e);
    }
    return count[0];
  }
}
