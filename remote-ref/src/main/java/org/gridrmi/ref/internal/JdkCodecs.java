package org.gridrmi.ref.internal;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import org.gridrmi.ref.spi.ValueCodec;

/**
 * Codecs for the JDK values GridRMI moves most (byte arrays, numbers, strings): written as their bytes, so a
 * result of a call does not pay for a Java serialization stream of its own, and nothing in them needs a filter.
 */
public final class JdkCodecs {
  private JdkCodecs() {}

  static int checkedLength(DataInput in, long elementBytes) throws IOException {
    return BoundedReads.length(in, elementBytes, SerialPolicy.current().limits().maxBytes(), "a value");
  }

  /** {@code byte[]}. */
  public static final class Bytes implements ValueCodec<byte[]> {
    @Override public Class<byte[]> type() { return byte[].class; }
    @Override public String id() { return "jdk.bytes"; }
    @Override public void write(byte[] v, DataOutput out) throws IOException {
      out.writeInt(v.length);
      out.write(v);
    }
    @Override public byte[] read(DataInput in) throws IOException {
      return BoundedReads.bytes(in, checkedLength(in, 1));
    }
    @Override public long size(byte[] v) { return 4L + v.length; }
  }

  /** {@code String}, which may be longer than writeUTF allows. */
  public static final class Text implements ValueCodec<String> {
    @Override public Class<String> type() { return String.class; }
    @Override public String id() { return "jdk.string"; }
    @Override public void write(String v, DataOutput out) throws IOException {
      byte[] b = v.getBytes(java.nio.charset.StandardCharsets.UTF_8);
      out.writeInt(b.length);
      out.write(b);
    }
    @Override public String read(DataInput in) throws IOException {
      return new String(BoundedReads.bytes(in, checkedLength(in, 1)), java.nio.charset.StandardCharsets.UTF_8);
    }
  }

  /** {@code Long}. */
  public static final class Int64 implements ValueCodec<Long> {
    @Override public Class<Long> type() { return Long.class; }
    @Override public String id() { return "jdk.long"; }
    @Override public void write(Long v, DataOutput out) throws IOException { out.writeLong(v); }
    @Override public Long read(DataInput in) throws IOException { return in.readLong(); }
    @Override public long size(Long v) { return 8; }
  }

  /** {@code Integer}. */
  public static final class Int32 implements ValueCodec<Integer> {
    @Override public Class<Integer> type() { return Integer.class; }
    @Override public String id() { return "jdk.int"; }
    @Override public void write(Integer v, DataOutput out) throws IOException { out.writeInt(v); }
    @Override public Integer read(DataInput in) throws IOException { return in.readInt(); }
    @Override public long size(Integer v) { return 4; }
  }

  /** {@code Double}. */
  public static final class Float64 implements ValueCodec<Double> {
    @Override public Class<Double> type() { return Double.class; }
    @Override public String id() { return "jdk.double"; }
    @Override public void write(Double v, DataOutput out) throws IOException { out.writeDouble(v); }
    @Override public Double read(DataInput in) throws IOException { return in.readDouble(); }
    @Override public long size(Double v) { return 8; }
  }
}
