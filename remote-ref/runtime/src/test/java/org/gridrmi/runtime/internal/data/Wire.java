package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.ObjectOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import org.gridrmi.ref.spi.ValueCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;
import org.gridrmi.runtime.serial.Codecs;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.wire.TestReaders;
import org.gridrmi.runtime.wire.WireValue;

/** The ways a value travels, as byte streams in memory: a data connection's frames, and the RMI path. */
enum Wire {
  /** A data connection: framed by ChunkedOutput, decoded by ChunkedInput as whole reads return. */
  CHUNKED,
  /** A data connection whose reads return a few bytes at a time, as a socket may. */
  CHUNKED_TRICKLE,
  /** A codec on plain Data streams through ValueOutput.of / ValueInput.of. */
  VALUE_STREAMS,
  /** A WireValue inside a Java serialization stream, as an RMI call or answer carries it. */
  RMI;

  /** What {@link #roundTrip} saw on the way: the frames' data lengths (data connections only). */
  record Trip(Object value, List<Integer> frames) {}

  /** Sends {@code value} this way and reads it back; on a data connection also checks the next message reads. */
  @SuppressWarnings({"unchecked", "rawtypes"})
  Trip roundTrip(Object value, String codecId) throws Exception {
    switch (this) {
      case CHUNKED, CHUNKED_TRICKLE -> {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        ChunkedOutput out = new ChunkedOutput(bytes);
        WireValue.writeStreamed(value, out);
        out.endMessage();
        out.writeUTF("next message");
        out.endMessage();
        byte[] wire = bytes.toByteArray();
        ChunkedInput in =
            new ChunkedInput(this == CHUNKED ? new ByteArrayInputStream(wire) : trickle(wire, 7));
        Object back = WireValue.readStreamed(in, TestReaders.current());
        in.endMessage();
        assertThat(in.readUTF()).as("the message after the value").isEqualTo("next message");
        in.endMessage();
        return new Trip(back, frames(wire));
      }
      case VALUE_STREAMS -> {
        ValueCodec codec = Codecs.forId(codecId);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        codec.write(value, ValueOutput.of(out));
        out.flush();
        DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes.toByteArray()));
        Object back = codec.read(ValueInput.of(in));
        assertThat(in.read()).as("the codec read exactly what it wrote").isEqualTo(-1);
        assertThat((long) bytes.size())
            .as("the codec's size() of the value")
            .isEqualTo(codec.size(value));
        return new Trip(back, List.of());
      }
      case RMI -> {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (ObjectOutputStream out = new ObjectOutputStream(bytes)) {
          out.writeObject(new WireValue(value));
          out.writeUTF("next");
        }
        try (ObjectInputStream in = SerialPolicy.current().open(bytes.toByteArray())) {
          Object back = ((WireValue) in.readObject()).value(TestReaders.current());
          assertThat(in.readUTF()).isEqualTo("next");
          return new Trip(back, List.of());
        }
      }
      default -> throw new AssertionError(this);
    }
  }

  /** A stream over {@code bytes} whose reads return at most {@code most} bytes. */
  static InputStream trickle(byte[] bytes, int most) {
    return new FilterInputStream(new ByteArrayInputStream(bytes)) {
      @Override
      public int read(byte[] b, int off, int len) throws IOException {
        return super.read(b, off, Math.min(len, most));
      }
    };
  }

  /** The data lengths of the frames in a data connection's bytes (0 for an end mark, -1 for an abort). */
  static List<Integer> frames(byte[] wire) {
    List<Integer> frames = new ArrayList<>();
    ByteBuffer b = ByteBuffer.wrap(wire);
    while (b.hasRemaining()) {
      int n = b.getInt();
      frames.add(n);
      if (n > 0) b.position(b.position() + n);
    }
    return frames;
  }
}
