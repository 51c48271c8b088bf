package org.gridrmi.runtime.wire;

import java.io.ByteArrayOutputStream;
import java.io.Externalizable;
import java.io.IOException;
import java.io.ObjectInput;
import java.io.ObjectInputStream;
import java.io.ObjectOutput;
import java.io.ObjectOutputStream;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.spi.ValueCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;
import org.gridrmi.runtime.serial.BoundedReads;
import org.gridrmi.runtime.serial.Codecs;
import org.gridrmi.runtime.serial.SerialFilters;
import org.gridrmi.runtime.serial.SerialPolicy;

/**
 * A value on its way between JVMs: written by its {@link ValueCodec} when one is registered for its exact class,
 * by Java serialization otherwise. A serialized value is read as bytes and turned into its object only when asked,
 * by the asking instance's {@link ValueReader}: so the stream that carried it (an RMI reply, a batch) needs no
 * knowledge of which Grid or server reads it.
 */
public final class WireValue implements Externalizable {
  private static final long serialVersionUID = 1L;
  private static final String JAVA = "";
  /** A null value (a void method's result): no serialization stream of its own. */
  private static final String NULL = "-";
  /** Java serialization written straight into a data connection's message, which delimits it. */
  private static final String JAVA_STREAMED = "=";

  private Object value;
  /** The serialized form, until it is decoded. */
  private byte[] encoded;
  /** The codec {@link #encode} chose (the fast codec holds the value's bytes), or null. */
  private ValueCodec<?> codec;

  /** For deserialization only. */
  public WireValue() {}

  public WireValue(Object value) {
    this.value = value;
  }

  /** A value that arrived decoded (a data connection), having taken {@code bytes} on the wire. */
  public static WireValue received(Object value, long bytes) {
    WireValue w = new WireValue(value);
    w.readBytes = bytes;
    return w;
  }

  /**
   * A copy of {@code value} as another JVM would read it: written as it travels (its codec, else Java serialization)
   * and read back by {@code reader}. What a put keeps, so that later changes to the caller's object change nothing.
   *
   * @throws GridException INVALID_ARGUMENT if the value cannot be serialized, or the policy's refusal
   */
  public static Object copyOf(Object value, ValueReader reader) {
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    try (ObjectOutputStream out = new ObjectOutputStream(b)) {
      WrittenRefs.collect(
          () -> new WireValue(value).writeExternal(out)); // stays in this JVM: nothing to pin
    } catch (IOException e) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a value of " + value.getClass().getName() + " cannot be serialized: " + e,
          e);
    }
    try (ObjectInputStream in = reader.policy().open(b.toByteArray())) {
      WireValue w = new WireValue();
      w.readExternal(in);
      return w.value(reader);
    } catch (IOException | ClassNotFoundException e) {
      GridException refused = SerialFilters.refusal(e);
      if (refused != null) throw refused;
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "a value of " + value.getClass().getName() + " does not read back: " + e,
          e);
    }
  }

  /**
   * The value, where there is nothing to decode: made in this JVM ({@link #WireValue(Object)}, about to be sent), read
   * by its codec, or decoded as it arrived ({@link #received}).
   *
   * @throws IllegalStateException if it holds serialized bytes still (decode those with {@link #value(ValueReader)})
   */
  public synchronized Object decoded() {
    if (value == null && encoded != null) {
      throw new IllegalStateException("a value that arrived serialized is decoded by a reader");
    }
    return value;
  }

  /**
   * The value, decoded by {@code reader} if it arrived serialized: its policy's filter, and the references inside
   * bound to its context.
   *
   * @throws GridException the policy's refusal, or INVALID_ARGUMENT for bytes that do not make a value here
   */
  public synchronized Object value(ValueReader reader) {
    if (encoded != null) {
      try (ObjectInputStream o = reader.open(encoded)) {
        value = o.readObject();
        encoded = null;
      } catch (IOException | ClassNotFoundException e) {
        GridException refused = SerialFilters.refusal(e);
        if (refused != null) throw refused;
        throw new GridException(Status.INVALID_ARGUMENT, "a value could not be read here: " + e, e);
      }
    }
    return value;
  }

  /**
   * Serializes the value now if it has no codec (the bytes are what {@link #writeExternal} then sends), so that a
   * failure to serialize it, or to find the memory for it, happens here rather than while a connection writes it.
   * References inside it are pinned for the transit then. A value with a codec is written straight to the stream.
   */
  public synchronized void encode() throws IOException {
    if (encoded != null || value == null || codec != null) return;
    codec = Codecs.forValue(value);
    if (codec != null) return;
    ByteArrayOutputStream b = new ByteArrayOutputStream();
    List<Ref<?>> refs = WrittenRefs.collect(() -> {
      try (ObjectOutputStream o = WrittenRefs.stream(b)) {
        o.writeObject(value);
      }
    });
    encoded = b.toByteArray();
    written(refs);
  }

  /** Writes a buffer to an ObjectOutput without copying it again. */
  private static final class OutputAdapter extends java.io.OutputStream {
    private final ObjectOutput out;

    OutputAdapter(ObjectOutput out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }
  }

  @Override
  @SuppressWarnings({"unchecked", "rawtypes"})
  public void writeExternal(ObjectOutput out) throws IOException {
    if (encoded != null) { // passed on undecoded
      Codecs.countWritten("java");
      out.writeUTF(JAVA);
      out.writeInt(encoded.length);
      out.write(encoded);
      return;
    }
    if (value == null) {
      out.writeUTF(NULL);
      return;
    }
    ValueCodec codec = this.codec != null ? this.codec : Codecs.forValue(value);
    if (codec == null) {
      Codecs.countWritten("java");
      // a stream of its own, so that the reader can filter it whatever stream carries it (RMI
      // return values
      // are not filtered by RMI itself)
      out.writeUTF(JAVA);
      ByteArrayOutputStream b = new ByteArrayOutputStream();
      List<Ref<?>> refs = WrittenRefs.collect(() -> {
        try (ObjectOutputStream o = WrittenRefs.stream(b)) {
          o.writeObject(value);
        }
      });
      out.writeInt(b.size());
      b.writeTo(new OutputAdapter(out));
      written(refs);
    } else {
      Codecs.countWritten(codec.id());
      out.writeUTF(codec.id());
      codec.write(value, ValueOutput.of(out));
    }
  }

  /**
   * Writes {@code value} into a message of a data connection, as {@link #writeExternal} would but with nothing
   * whole in memory: a codec writes in chunks, Java serialization is written straight into the message (whose end
   * delimits it). References inside it are pinned for the transit.
   *
   * @throws IOException the connection's failure, or the value's (it cannot be serialized)
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public static <S extends java.io.OutputStream & ValueOutput> void writeStreamed(
      Object value, S out) throws IOException {
    if (value == null) {
      out.writeUTF(NULL);
      return;
    }
    // the fast codec writes from the buffer it encoded into: no whole-value copy
    if (Codecs.writeWithId(value, out)) return;
    Codecs.countWritten("java");
    out.writeUTF(JAVA_STREAMED);
    List<Ref<?>> refs = WrittenRefs.collect(() -> {
      ObjectOutputStream o = WrittenRefs.stream(out);
      o.writeObject(value);
      o.flush();
    });
    written(refs);
  }

  /**
   * Reads a value {@link #writeStreamed} wrote, decoding it as it arrives: with its codec, or by {@code reader} for
   * Java serialization. The caller checks that the message ends there.
   */
  public static <S extends java.io.InputStream & ValueInput> Object readStreamed(
      S in, ValueReader reader) throws IOException, ClassNotFoundException {
    String id = in.readUTF();
    if (id.equals(NULL)) return null;
    if (id.equals(JAVA_STREAMED)) {
      try {
        return reader.open(in).readObject();
      } catch (java.io.InvalidClassException e) {
        java.io.EOFException end = SerialFilters.endOfStream(e);
        throw end != null ? end : e;
      }
    }
    return Codecs.forId(id).read(in);
  }

  /**
   * The references written inside this value: a writer that collects them (a spill, a by-value argument) gets them;
   * else the value leaves this JVM now, and each reference's instance pins its value for the transit.
   */
  private static void written(List<Ref<?>> refs) throws IOException {
    if (refs.isEmpty() || WrittenRefs.pass(refs)) return;
    try {
      for (Ref<?> r : refs) r.context().pin(r);
    } catch (GridException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  @Override
  public void readExternal(ObjectInput in) throws IOException, ClassNotFoundException {
    String id = in.readUTF();
    if (id.equals(NULL)) {
      value = null;
    } else if (id.equals(JAVA)) {
      int n = BoundedReads.length(
          in, 1, SerialPolicy.current().limits().maxBytes(), "a serialized value");
      encoded = BoundedReads.bytes(in, n);
      readBytes = n;
    } else {
      value = Codecs.forId(id).read(ValueInput.of(in));
      readBytes = -1;
    }
  }

  /**
   * Whether the value arrived as Java serialization not yet decoded (it may hold references, and decoding it is work):
   * what a node that takes only values a codec writes ({@code NodeProtocol.push}) refuses.
   */
  public synchronized boolean serialized() {
    return encoded != null;
  }

  /** What a value read here took on the wire: 0 for none, -1 for a codec's (its size is counted when asked). */
  private long readBytes;

  /** Bytes the value took on the wire when it was read here (0 for one made here); for telemetry. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  public synchronized long readBytes() {
    if (readBytes >= 0 || value == null) return Math.max(0, readBytes);
    ValueCodec codec = Codecs.forClass(value.getClass());
    return codec == null ? 0 : codec.size(value);
  }
}
