package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.gridrmi.runtime.internal.data.ChunkedOutput.CHUNK_BYTES;
import static org.gridrmi.runtime.internal.data.Samples.assertBitExact;

import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.gridrmi.runtime.wire.TestReaders;
import org.gridrmi.runtime.wire.WireValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every codec, and Java serialization for a value without one, round trips bit for bit on every path a value
 * travels (a data connection's frames, read whole or a few bytes at a time; a codec on plain Data streams; a
 * WireValue inside an RMI stream), at the sizes where chunking could go wrong: empty, one element, one element short
 * of a chunk, a chunk, one element over, several chunks, and the sizes that fill a frame exactly once the value's
 * header is counted.
 */
class CodecRoundTripTest {

  /** Element counts whose bytes sit on either side of the chunk boundaries. */
  static List<Integer> counts(Samples.Kind kind) {
    int e = kind.elementBytes();
    int header = 2 + kind.codec().length() + 4; // the codec id as writeUTF, then the length
    TreeSet<Integer> n = new TreeSet<>(List.of(
        0,
        1,
        CHUNK_BYTES / e - 1,
        CHUNK_BYTES / e,
        CHUNK_BYTES / e + 1,
        3 * CHUNK_BYTES / e + 3,
        (CHUNK_BYTES - header) / e,
        (CHUNK_BYTES - header) / e + 1));
    return new ArrayList<>(n);
  }

  static Stream<Arguments> everyKindSizeAndWire() {
    List<Arguments> cases = new ArrayList<>();
    for (Samples.Kind kind : Samples.sized()) {
      for (int n : counts(kind)) {
        for (Wire wire : Wire.values()) {
          if (wire == Wire.VALUE_STREAMS && kind.codec().isEmpty()) continue; // no codec to call
          cases.add(Arguments.of(kind, n, wire));
        }
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} x {1} over {2}")
  @MethodSource("everyKindSizeAndWire")
  void roundTripsBitExactly(Samples.Kind kind, int elements, Wire wire) throws Exception {
    Object value = kind.make().apply(elements);
    Wire.Trip trip = wire.roundTrip(value, kind.codec());
    assertBitExact(trip.value(), value);
    for (int frame : trip.frames()) {
      assertThat(frame).as("frame sizes").isBetween(0, CHUNK_BYTES);
    }
    if (!trip.frames().isEmpty() && (long) elements * kind.elementBytes() > 3L * CHUNK_BYTES) {
      assertThat(trip.frames().size())
          .as("a value of several chunks travels as several frames")
          .isGreaterThanOrEqualTo(4 + 2); // 4 data frames, the end mark, then the next message
    }
  }

  static Stream<Arguments> boxedOnEveryWire() {
    Object[] values = {
      0L,
      -1L,
      Long.MIN_VALUE,
      Long.MAX_VALUE,
      0,
      Integer.MIN_VALUE,
      Integer.MAX_VALUE,
      1.0 / 3,
      -0.0,
      Double.MIN_VALUE,
      Double.NEGATIVE_INFINITY,
      Double.NaN,
      Double.longBitsToDouble(Samples.NAN_DOUBLES[0]),
      Double.longBitsToDouble(Samples.NAN_DOUBLES[1])
    };
    String[] codecs = {
      "jdk.long", "jdk.long", "jdk.long", "jdk.long", "jdk.int", "jdk.int", "jdk.int"
    };
    List<Arguments> cases = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      for (Wire wire : Wire.values()) {
        cases.add(Arguments.of(values[i], i < codecs.length ? codecs[i] : "jdk.double", wire));
      }
    }
    return cases.stream();
  }

  @ParameterizedTest(name = "{0} ({1}) over {2}")
  @MethodSource("boxedOnEveryWire")
  void boxedNumbersRoundTripBitExactly(Object value, String codec, Wire wire) throws Exception {
    assertBitExact(wire.roundTrip(value, codec).value(), value);
  }

  @ParameterizedTest
  @EnumSource(Wire.class)
  void nullTravelsAsNull(Wire wire) throws Exception {
    if (wire == Wire.VALUE_STREAMS) return; // a codec never sees null
    assertThat(wire.roundTrip(null, "").value()).isNull();
  }

  static Stream<Arguments> rowShapes() {
    int c = CHUNK_BYTES / Double.BYTES;
    List<Arguments> cases = new ArrayList<>();
    Object[][] shapes = {
      {"no rows", new double[0][]},
      {"only null rows", new double[3][]},
      {"only empty rows", new double[][] {{}, {}, {}}},
      {"a row one short of a chunk", new double[][] {Samples.doubles(c - 1)}},
      {"a row of a chunk", new double[][] {Samples.doubles(c)}},
      {
        "a row one over a chunk, then one short",
        new double[][] {Samples.doubles(c + 1), Samples.doubles(c - 1)}
      },
      {"jagged rows across chunks", jagged(40, c / 7)},
      {"many short rows", jagged(20_000, 3)}
    };
    for (Object[] shape : shapes) {
      for (Wire wire : Wire.values()) cases.add(Arguments.of(shape[0], shape[1], wire));
    }
    return cases.stream();
  }

  /** {@code rows} rows of lengths 0 to {@code widest}, every fifth one null. */
  private static double[][] jagged(int rows, int widest) {
    double[][] v = new double[rows][];
    for (int i = 0; i < rows; i++)
      v[i] = i % 5 == 4 ? null : Samples.doubles((int) ((long) i * 7919 % (widest + 1)));
    return v;
  }

  @ParameterizedTest(name = "{0} over {2}")
  @MethodSource("rowShapes")
  void doubleRowsKeepTheirShapeNullRowsAndBits(String shape, double[][] value, Wire wire)
      throws Exception {
    assertBitExact(wire.roundTrip(value, "jdk.double-rows").value(), value);
  }

  /**
   * A value larger than the pipe between writer and reader arrives whole: the reader decodes frames while the writer
   * is still encoding (neither side could hold the whole stream).
   */
  @Test
  void aValueLargerThanThePipeIsDecodedWhileItIsWritten() throws Exception {
    double[] value = Samples.doubles(1_000_000); // 8 MB through a 64 KB pipe
    PipedInputStream pipeIn = new PipedInputStream(64 * 1024);
    PipedOutputStream pipeOut = new PipedOutputStream(pipeIn);
    CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
      try {
        ChunkedOutput out = new ChunkedOutput(pipeOut);
        WireValue.writeStreamed(value, out);
        out.endMessage();
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    });
    ChunkedInput in = new ChunkedInput(pipeIn);
    Object back = WireValue.readStreamed(in, TestReaders.current());
    in.endMessage();
    writer.get(30, TimeUnit.SECONDS);
    assertBitExact(back, value);
  }

  /** A codec writes the same bytes on both paths: frames are only around them (a spill and a wire agree). */
  @Test
  void aCodecWritesTheSameBytesFramedOrNot() throws Exception {
    for (Samples.Kind kind : Samples.sized()) {
      if (kind.codec().isEmpty()) continue;
      Object value = kind.make().apply(CHUNK_BYTES / kind.elementBytes() + 5);
      java.io.ByteArrayOutputStream framed = new java.io.ByteArrayOutputStream();
      ChunkedOutput out = new ChunkedOutput(framed);
      WireValue.writeStreamed(value, out);
      out.endMessage();
      java.io.ByteArrayOutputStream plain = new java.io.ByteArrayOutputStream();
      java.io.DataOutputStream data = new java.io.DataOutputStream(plain);
      data.writeUTF(kind.codec());
      writeWithCodec(kind.codec(), value, data);
      data.flush();
      assertThat(unframe(framed.toByteArray())).as(kind.codec()).isEqualTo(plain.toByteArray());
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static void writeWithCodec(String id, Object value, java.io.DataOutputStream out)
      throws Exception {
    org.gridrmi.ref.spi.ValueCodec codec = org.gridrmi.runtime.serial.Codecs.forId(id);
    codec.write(value, org.gridrmi.ref.spi.ValueOutput.of(out));
  }

  /** The data of one message, without its frame headers. */
  private static byte[] unframe(byte[] wire) {
    java.nio.ByteBuffer b = java.nio.ByteBuffer.wrap(wire);
    java.io.ByteArrayOutputStream data = new java.io.ByteArrayOutputStream();
    for (int n; (n = b.getInt()) > 0; b.position(b.position() + n))
      data.write(wire, b.position(), n);
    assertThat(b.hasRemaining()).as("one message").isFalse();
    return data.toByteArray();
  }
}
