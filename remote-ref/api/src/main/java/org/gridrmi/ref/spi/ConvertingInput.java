package org.gridrmi.ref.spi;

import java.io.DataInput;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A {@link ValueInput} over a plain {@link DataInput}: runs of primitives are read into a 64 KB buffer and converted
 * in bulk; new arrays grow as their data arrives (the stream's sender is not trusted with an allocation).
 */
final class ConvertingInput implements ValueInput {
  private static final int BUFFER_BYTES = 64 * 1024;
  private final DataInput in;
  private ByteBuffer buffer;

  ConvertingInput(DataInput in) {
    this.in = in;
  }

  /** Copies {@code n} elements from the buffer into the array at {@code off}. */
  @FunctionalInterface
  private interface Get {
    void get(ByteBuffer b, int off, int n);
  }

  private void run(int off, int len, int elementBytes, Get get) throws IOException {
    if (buffer == null) buffer = ByteBuffer.allocate(BUFFER_BYTES).order(ByteOrder.LITTLE_ENDIAN);
    while (len > 0) {
      int n = Math.min(len, BUFFER_BYTES / elementBytes);
      in.readFully(buffer.array(), 0, n * elementBytes);
      get.get(buffer.clear(), off, n);
      off += n;
      len -= n;
    }
  }

  @Override
  public void readDoubles(double[] a, int off, int len) throws IOException {
    run(off, len, Double.BYTES, (b, o, n) -> b.asDoubleBuffer().get(a, o, n));
  }

  @Override
  public void readFloats(float[] a, int off, int len) throws IOException {
    run(off, len, Float.BYTES, (b, o, n) -> b.asFloatBuffer().get(a, o, n));
  }

  @Override
  public void readInts(int[] a, int off, int len) throws IOException {
    run(off, len, Integer.BYTES, (b, o, n) -> b.asIntBuffer().get(a, o, n));
  }

  @Override
  public void readLongs(long[] a, int off, int len) throws IOException {
    run(off, len, Long.BYTES, (b, o, n) -> b.asLongBuffer().get(a, o, n));
  }

  @Override
  public void readFully(byte[] b) throws IOException {
    in.readFully(b);
  }

  @Override
  public void readFully(byte[] b, int off, int len) throws IOException {
    in.readFully(b, off, len);
  }

  @Override
  public int skipBytes(int n) throws IOException {
    return in.skipBytes(n);
  }

  @Override
  public boolean readBoolean() throws IOException {
    return in.readBoolean();
  }

  @Override
  public byte readByte() throws IOException {
    return in.readByte();
  }

  @Override
  public int readUnsignedByte() throws IOException {
    return in.readUnsignedByte();
  }

  @Override
  public short readShort() throws IOException {
    return in.readShort();
  }

  @Override
  public int readUnsignedShort() throws IOException {
    return in.readUnsignedShort();
  }

  @Override
  public char readChar() throws IOException {
    return in.readChar();
  }

  @Override
  public int readInt() throws IOException {
    return in.readInt();
  }

  @Override
  public long readLong() throws IOException {
    return in.readLong();
  }

  @Override
  public float readFloat() throws IOException {
    return in.readFloat();
  }

  @Override
  public double readDouble() throws IOException {
    return in.readDouble();
  }

  @SuppressWarnings("deprecation")
  @Override
  public String readLine() throws IOException {
    return in.readLine();
  }

  @Override
  public String readUTF() throws IOException {
    return in.readUTF();
  }
}
