package org.gridrmi.ref.spi;

import java.io.DataOutput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A {@link ValueOutput} over a plain {@link DataOutput}: runs of primitives go through a 64 KB buffer (bulk
 * conversions inside the JDK), one {@code write(byte[], int, int)} per buffer.
 */
final class ConvertingOutput implements ValueOutput {
  private static final int BUFFER_BYTES = 64 * 1024;
  private final DataOutput out;
  private ByteBuffer buffer;

  ConvertingOutput(DataOutput out) {
    this.out = out;
  }

  private ByteBuffer buffer() {
    if (buffer == null) buffer = ByteBuffer.allocate(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    return buffer.clear();
  }

  /** Puts {@code n} elements from {@code off} at the buffer's start, through a view. */
  @FunctionalInterface
  private interface Put {
    void put(ByteBuffer b, int off, int n);
  }

  private void run(int off, int len, int elementBytes, Put put) throws IOException {
    while (len > 0) {
      ByteBuffer b = buffer();
      int n = Math.min(len, b.remaining() / elementBytes);
      put.put(b, off, n);
      out.write(b.array(), 0, n * elementBytes);
      off += n;
      len -= n;
    }
  }

  @Override
  public void writeDoubles(double[] a, int off, int len) throws IOException {
    run(off, len, Double.BYTES, (b, o, n) -> b.asDoubleBuffer().put(a, o, n));
  }

  @Override
  public void writeFloats(float[] a, int off, int len) throws IOException {
    run(off, len, Float.BYTES, (b, o, n) -> b.asFloatBuffer().put(a, o, n));
  }

  @Override
  public void writeInts(int[] a, int off, int len) throws IOException {
    run(off, len, Integer.BYTES, (b, o, n) -> b.asIntBuffer().put(a, o, n));
  }

  @Override
  public void writeLongs(long[] a, int off, int len) throws IOException {
    run(off, len, Long.BYTES, (b, o, n) -> b.asLongBuffer().put(a, o, n));
  }

  @Override
  public void write(int b) throws IOException {
    out.write(b);
  }

  @Override
  public void write(byte[] b) throws IOException {
    out.write(b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    out.write(b, off, len);
  }

  @Override
  public void writeBoolean(boolean v) throws IOException {
    out.writeBoolean(v);
  }

  @Override
  public void writeByte(int v) throws IOException {
    out.writeByte(v);
  }

  @Override
  public void writeShort(int v) throws IOException {
    out.writeShort(v);
  }

  @Override
  public void writeChar(int v) throws IOException {
    out.writeChar(v);
  }

  @Override
  public void writeInt(int v) throws IOException {
    out.writeInt(v);
  }

  @Override
  public void writeLong(long v) throws IOException {
    out.writeLong(v);
  }

  @Override
  public void writeFloat(float v) throws IOException {
    out.writeFloat(v);
  }

  @Override
  public void writeDouble(double v) throws IOException {
    out.writeDouble(v);
  }

  @Override
  public void writeBytes(String s) throws IOException {
    out.writeBytes(s);
  }

  @Override
  public void writeChars(String s) throws IOException {
    out.writeChars(s);
  }

  @Override
  public void writeUTF(String s) throws IOException {
    out.writeUTF(s);
  }
}
