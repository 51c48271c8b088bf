package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.List;
import java.util.function.Consumer;
import org.gridrmi.runtime.serial.SerialPolicy;
import org.gridrmi.runtime.wire.WireValue;
import org.junit.jupiter.api.Test;

/**
 * A fetch answer is grown as its data arrives, whatever lengths the owner's message claims: an owner that announces
 * hundreds of megabytes and then ends its message (or stalls) costs the fetching node what it sent plus a chunk.
 */
class FetchAnswerAllocationTest {
  private static final int CLAIMED = 25_000_000; // 200 MB of doubles

  /** The bytes this thread allocated while {@code read} ran on a message written by {@code write}. */
  private static long allocatedReading(Consumer<ChunkedOutput> write, ReadAction read)
      throws IOException {
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    ChunkedOutput out = new ChunkedOutput(wire);
    write.accept(out);
    out.endMessage();
    ChunkedInput in = new ChunkedInput(new ByteArrayInputStream(wire.toByteArray()));
    com.sun.management.ThreadMXBean t =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = t.getCurrentThreadAllocatedBytes();
    Throwable thrown = catchThrowable(() -> read.read(in));
    long allocated = t.getCurrentThreadAllocatedBytes() - before;
    assertThat(thrown).as("the short message ends in EOF").isInstanceOf(EOFException.class);
    return allocated;
  }

  interface ReadAction {
    void read(ChunkedInput in) throws Exception;
  }

  private static void someDoubles(ChunkedOutput out) {
    try {
      out.writeDoubles(new double[1000], 0, 1000);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aCodecsArrayIsGrownAsItsDataArrivesNotFromTheClaimedLength() throws IOException {
    assertThat(
            allocatedReading(FetchAnswerAllocationTest::someDoubles, in -> in.readDoubles(CLAIMED)))
        .isLessThan(4L << 20);
    assertThat(
            allocatedReading(FetchAnswerAllocationTest::someDoubles, in -> in.readLongs(CLAIMED)))
        .isLessThan(4L << 20);
    assertThat(allocatedReading(
            FetchAnswerAllocationTest::someDoubles, in -> in.readInts(CLAIMED * 2)))
        .isLessThan(4L << 20);
    assertThat(allocatedReading(
            FetchAnswerAllocationTest::someDoubles, in -> in.readBytes(CLAIMED * 8)))
        .isLessThan(4L << 20);
  }

  @Test
  void aJavaSerializedAnswerIsGrownAsItsDataArrives() throws IOException {
    // what an owner sends for a value without a codec, its array header then claiming 200 MB
    ByteArrayOutputStream plain = new ByteArrayOutputStream();
    ChunkedOutput real = new ChunkedOutput(plain);
    WireValue.writeStreamed(new double[] {1, 2, 3, 4}, real);
    real.endMessage();
    byte[] frames = plain.toByteArray();
    byte[] body = new ChunkedInput(new ByteArrayInputStream(frames)).readAllBytes();
    int at = body.length - 4 * 8 - 4;
    java.nio.ByteBuffer.wrap(body, at, 4).putInt(CLAIMED);
    byte[] cut = Arrays.copyOf(body, body.length - 16);
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    long allocated = allocatedReading(
        out -> {
          try {
            out.write(cut);
          } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
          }
        },
        in -> WireValue.readStreamed(in, org.gridrmi.runtime.wire.ValueReader.unbound(policy)));
    assertThat(allocated).isLessThan(4L << 20);
  }

  @Test
  void wholeAnswersStillReadBack() throws Exception {
    double[] big = new double[2_000_000];
    Arrays.setAll(big, i -> i);
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    ChunkedOutput out = new ChunkedOutput(wire);
    out.writeDoubles(big, 0, big.length);
    WireValue.writeStreamed(big, out);
    out.endMessage();
    ChunkedInput in = new ChunkedInput(new ByteArrayInputStream(wire.toByteArray()));
    assertThat(in.readDoubles(big.length)).isEqualTo(big);
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());
    assertThat((double[])
            WireValue.readStreamed(in, org.gridrmi.runtime.wire.ValueReader.unbound(policy)))
        .isEqualTo(big);
    in.endMessage();
  }
}
