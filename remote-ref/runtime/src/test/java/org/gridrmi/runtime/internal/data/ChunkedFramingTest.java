package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.gridrmi.runtime.internal.data.ChunkedOutput.CHUNK_BYTES;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.ObjectOutputStream;
import java.io.Serializable;
import java.io.StreamCorruptedException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.wire.TestReaders;
import org.gridrmi.runtime.wire.WireValue;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The frames of a data connection: a message read short or long is caught at its end, a message the sender gives up
 * on half way arrives as its reason and leaves the connection in step, and a connection that ends inside a message
 * is an {@link EOFException}, wherever it ends.
 */
class ChunkedFramingTest {
  private final ByteArrayOutputStream wire = new ByteArrayOutputStream();
  private final ChunkedOutput out = new ChunkedOutput(wire);

  private ChunkedInput input() {
    return new ChunkedInput(new ByteArrayInputStream(wire.toByteArray()));
  }

  private void nextMessage() throws IOException {
    out.writeUTF("next");
    out.endMessage();
  }

  private static void readsNextMessage(ChunkedInput in) throws IOException {
    assertThat(in.readUTF()).as("the message after").isEqualTo("next");
    in.endMessage();
  }

  @Test
  void endMessageFindsWhatTheReaderLeftInTheChunk() throws IOException {
    out.writeInt(7);
    out.writeLong(8);
    out.endMessage();
    ChunkedInput in = input();
    assertThat(in.readInt()).isEqualTo(7);
    assertThatThrownBy(in::endMessage)
        .isInstanceOf(StreamCorruptedException.class)
        .hasMessageContaining("not read to its end");
  }

  @Test
  void endMessageFindsWhatTheReaderLeftInTheNextFrame() throws IOException {
    out.write(new byte[CHUNK_BYTES]); // one full frame, sent at the next write
    out.writeByte(1);
    out.endMessage();
    ChunkedInput in = input();
    in.readFully(new byte[CHUNK_BYTES]);
    assertThatThrownBy(in::endMessage).isInstanceOf(StreamCorruptedException.class);
  }

  @Test
  void endMessageFindsWhatTheReaderLeftInTheSourceOfTheCurrentFrame() throws IOException {
    out.write(new byte[100]);
    out.endMessage();
    // a reader that takes a few bytes at a time: most of the frame is still in the source
    ChunkedInput in = new ChunkedInput(Wire.trickle(wire.toByteArray(), 10));
    in.readFully(new byte[5]);
    assertThatThrownBy(in::endMessage).isInstanceOf(StreamCorruptedException.class);
  }

  @Test
  void aCodecThatReadsPastItsMessageGetsEofAndTheNextMessageIsIntact() throws IOException {
    out.writeInt(7);
    out.endMessage();
    nextMessage();
    ChunkedInput in = input();
    assertThatThrownBy(in::readLong).isInstanceOf(EOFException.class);
    in.endMessage();
    readsNextMessage(in);
  }

  @Test
  void anEmptyMessageIsOneEndMark() throws IOException {
    out.endMessage();
    assertThat(Wire.frames(wire.toByteArray())).containsExactly(0);
    ChunkedInput in = input();
    assertThat(in.read()).isEqualTo(-1);
    in.endMessage();
  }

  /** Bytes sent before the abort: none, less than a chunk, exactly chunks, chunks and a part. */
  @ParameterizedTest
  @ValueSource(ints = {0, 1000, CHUNK_BYTES, 3 * CHUNK_BYTES, 3 * CHUNK_BYTES + 12_345})
  void anAbortedMessageGivesItsReasonAndTheConnectionStaysInStep(int sentBytes) throws IOException {
    double[] part = Samples.doubles(sentBytes / Double.BYTES);
    out.writeInt(1_000_000);
    out.writeDoubles(part, 0, part.length);
    int framesBefore = Wire.frames(wire.toByteArray()).size();
    out.abort(Status.RESOURCE_EXHAUSTED, "the sender ran out of memory");
    nextMessage();
    assertThat(framesBefore)
        .as("frames that went out before the abort")
        .isEqualTo((4 + sentBytes) / CHUNK_BYTES);

    ChunkedInput in = input();
    double[] into = new double[1_000_000];
    assertThatThrownBy(
            () -> { // what was not sent yet is dropped (the length too, if it had not gone out)
              assertThat(in.readInt()).isEqualTo(1_000_000);
              in.readDoubles(into, 0, into.length);
            })
        .isInstanceOfSatisfying(ChunkedInput.Aborted.class, a -> {
          assertThat(a.reason().status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
          assertThat(a.reason().getMessage()).contains("the sender ran out of memory");
        });
    readsNextMessage(in);
  }

  @Test
  void anAbortWhileTheReaderIsInsideJavaSerializationReachesTheCallerAsAborted()
      throws IOException {
    byte[] half = new byte[CHUNK_BYTES + 1000];
    try {
      WireValue.writeStreamed(new FailsHalfWay(half), out);
      out.endMessage();
    } catch (IOException e) {
      out.abort(Status.REMOTE_FAILURE, "cannot send: " + e.getMessage());
    }
    nextMessage();
    ChunkedInput in = input();
    assertThatThrownBy(() -> WireValue.readStreamed(in, TestReaders.current()))
        .isInstanceOfSatisfying(ChunkedInput.Aborted.class, a -> {
          assertThat(a.reason().status()).isEqualTo(Status.REMOTE_FAILURE);
          assertThat(a.reason().getMessage()).contains("cannot send").contains("half way");
        });
    readsNextMessage(in);
  }

  /** Writes part of itself, then fails, as a value with a field that cannot be serialized does. */
  static final class FailsHalfWay implements Serializable {
    private static final long serialVersionUID = 1L;
    private final transient byte[] part;

    FailsHalfWay(byte[] part) {
      this.part = part;
    }

    private void writeObject(ObjectOutputStream o) throws IOException {
      o.write(part);
      throw new java.io.NotSerializableException("failed half way");
    }
  }

  @Test
  void aLongReasonIsCutToFitAndStillAborts() throws IOException {
    out.abort(Status.REMOTE_FAILURE, "x".repeat(100_000));
    nextMessage();
    ChunkedInput in = input();
    assertThatThrownBy(in::readInt)
        .isInstanceOfSatisfying(
            ChunkedInput.Aborted.class,
            a -> assertThat(a.reason().getMessage()).hasSizeLessThan(8100).endsWith("..."));
    readsNextMessage(in);
  }

  /** A message of a value of four frames, and the offsets inside it where the connection may end. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "start",
        "in the first header",
        "in the first frame",
        "after a frame",
        "in a later header",
        "before the end mark",
        "in the end mark"
      })
  void aConnectionThatEndsInsideAMessageIsEof(String where) throws Exception {
    double[] value = Samples.doubles(3 * CHUNK_BYTES / Double.BYTES + 10);
    WireValue.writeStreamed(value, out);
    out.endMessage();
    byte[] all = wire.toByteArray();
    List<Integer> frames = Wire.frames(all);
    int firstFrameEnd = 4 + frames.get(0);
    int cut = switch (where) {
      case "start" -> 0;
      case "in the first header" -> 2;
      case "in the first frame" -> 4 + 1000;
      case "after a frame" -> firstFrameEnd;
      case "in a later header" -> firstFrameEnd + 3;
      case "before the end mark" -> all.length - 4;
      case "in the end mark" -> all.length - 1;
      default -> throw new AssertionError(where);
    };
    ChunkedInput in = new ChunkedInput(new ByteArrayInputStream(Arrays.copyOf(all, cut)));
    assertThatThrownBy(() -> {
          WireValue.readStreamed(in, TestReaders.current());
          in.endMessage();
        })
        .isInstanceOf(EOFException.class);
  }

  @Test
  void aConnectionThatEndsInsideAJavaSerializedValueIsEof() throws Exception {
    WireValue.writeStreamed(new Samples.Blob("cut", Samples.bytes(2 * CHUNK_BYTES)), out);
    out.endMessage();
    byte[] all = wire.toByteArray();
    ChunkedInput in =
        new ChunkedInput(new ByteArrayInputStream(Arrays.copyOf(all, CHUNK_BYTES + 100)));
    assertThatThrownBy(() -> WireValue.readStreamed(in, TestReaders.current()))
        .isInstanceOf(EOFException.class);
  }

  @Test
  void aFrameThatClaimsAGigabyteIsReadAsItArrivesNotAllocated() {
    byte[] lie = ByteBuffer.allocate(4 + 10).putInt(1 << 30).put(new byte[10]).array();
    ChunkedInput in = new ChunkedInput(new ByteArrayInputStream(lie));
    assertThatThrownBy(() -> in.readFully(new byte[100])).isInstanceOf(EOFException.class);
  }

  @ParameterizedTest
  @ValueSource(ints = {-2, Integer.MIN_VALUE})
  void aFrameOfNegativeLengthIsCorrupt(int header) {
    ChunkedInput in = new ChunkedInput(
        new ByteArrayInputStream(ByteBuffer.allocate(4).putInt(header).array()));
    assertThatThrownBy(in::read)
        .isInstanceOf(StreamCorruptedException.class)
        .hasMessageContaining(String.valueOf(header));
  }

  @Test
  void anAbortWithAnUnknownStatusIsUnavailable() throws IOException {
    wire.write(ByteBuffer.allocate(4).putInt(-1).array());
    ChunkedOutput reason = new ChunkedOutput(wire);
    reason.writeUTF("NO_SUCH_STATUS");
    reason.writeUTF("from a newer node");
    reason.endMessage();
    ChunkedInput in = input();
    assertThatThrownBy(in::readInt)
        .isInstanceOfSatisfying(
            ChunkedInput.Aborted.class,
            a -> assertThat(a.reason().status()).isEqualTo(Status.UNAVAILABLE));
  }
}
