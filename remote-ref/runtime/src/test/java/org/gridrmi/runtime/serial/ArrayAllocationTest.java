package org.gridrmi.runtime.serial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.ObjectInputStream;
import java.io.SequenceInputStream;
import java.lang.management.ManagementFactory;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.junit.jupiter.api.Test;

/**
 * Java-serialized arrays cost what arrived, not what their header claims: a stream GridRMI reads itself grows its
 * arrays' bytes as they arrive (a header that claims hundreds of megabytes and then ends costs kilobytes), and an RMI
 * call's stream, which GridRMI cannot read ahead, caps each array at {@code maxCallArrayBytes}.
 */
class ArrayAllocationTest {
  private final SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, List.of());

  /** The bytes this thread allocated while {@code body} ran. */
  static long allocatedBy(ThrowingRunnable body) {
    com.sun.management.ThreadMXBean t =
        (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
    long before = t.getCurrentThreadAllocatedBytes();
    try {
      body.run();
    } catch (Exception e) {
      // the caller checks what happened; here only the allocation counts
    }
    return t.getCurrentThreadAllocatedBytes() - before;
  }

  interface ThrowingRunnable {
    void run() throws Exception;
  }

  /** A serialized double[] whose header claims {@code claimed} elements, cut after its first 16 bytes of data. */
  static byte[] lyingArrayHeader(int claimed) throws IOException {
    byte[] bytes = SerialFiltersTest.serialize(new double[] {1, 2, 3, 4});
    int at = bytes.length - 4 * 8 - 4;
    assertThat(ByteBuffer.wrap(bytes, at, 4).getInt()).isEqualTo(4);
    ByteBuffer.wrap(bytes, at, 4).putInt(claimed);
    return Arrays.copyOf(bytes, bytes.length - 16);
  }

  /** A length whose bytes pass maxBytes and the call cap of the default limits: what the old filter allocated. */
  static int plausibleButLyingLength() {
    long bytes = Math.min(SerialPolicy.Limits.DEFAULT.maxBytes() / 2, 200L << 20);
    return (int) (bytes / Double.BYTES);
  }

  @Test
  void aLiveStreamGrowsAnArrayAsItsBytesArriveSoALyingHeaderCostsKilobytes() throws Exception {
    byte[] lie = lyingArrayHeader(plausibleButLyingLength());
    // an InputStream that is not a byte array: a data connection's message, as the stream sees it
    InputStream live =
        new SequenceInputStream(new ByteArrayInputStream(lie), InputStream.nullInputStream());
    long allocated = allocatedBy(() -> {
      try (ObjectInputStream in = policy.open(live)) {
        in.readObject();
      }
    });
    assertThat(allocated).as("bytes allocated for a %d-byte lie", lie.length).isLessThan(4L << 20);
    Throwable t = catchThrowable(() -> {
      try (ObjectInputStream in = policy.open(
          new SequenceInputStream(new ByteArrayInputStream(lie), InputStream.nullInputStream()))) {
        in.readObject();
      }
    });
    assertThat(t).isInstanceOf(IOException.class);
  }

  @Test
  void aBufferedStreamRefusesAnArrayLongerThanTheBytesLeftInIt() throws Exception {
    byte[] lie = lyingArrayHeader(plausibleButLyingLength());
    long allocated = allocatedBy(() -> SerialFiltersTest.read(policy, lie));
    assertThat(allocated).isLessThan(4L << 20);
    GridException g = SerialFiltersTest.refusal(policy, lie);
    assertThat(g.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
    assertThat(g.getMessage()).contains("double[]").contains("left in the stream");
  }

  @Test
  void largeArraysStillReadWholeFromLiveAndBufferedStreams() throws Exception {
    double[] big = new double[3_000_000];
    Arrays.setAll(big, i -> i * 0.5);
    Map<String, Object> graph = new HashMap<>();
    graph.put("big", big);
    graph.put(
        "list", new ArrayList<>(List.of(new long[200_000], "x", new Object[] {new int[100_000]})));
    byte[] bytes = SerialFiltersTest.serialize(graph);
    @SuppressWarnings("unchecked")
    Map<String, Object> fromBytes = (Map<String, Object>) SerialFiltersTest.read(policy, bytes);
    assertThat((double[]) fromBytes.get("big")).isEqualTo(big);
    try (ObjectInputStream in = policy.open(
        new SequenceInputStream(new ByteArrayInputStream(bytes), InputStream.nullInputStream()))) {
      @SuppressWarnings("unchecked")
      Map<String, Object> live = (Map<String, Object>) in.readObject();
      assertThat((double[]) live.get("big")).isEqualTo(big);
      assertThat(((List<?>) live.get("list")).get(0)).isEqualTo(new long[200_000]);
    }
  }

  @Test
  void anRmiCallsStreamCapsEachArrayAtMaxCallArrayBytes() throws Exception {
    SerialPolicy.Limits limits = SerialPolicy.Limits.DEFAULT;
    assertThat(limits.maxCallArrayBytes()).isLessThanOrEqualTo(16L << 20);
    int over = (int) (limits.maxCallArrayBytes() / Double.BYTES) + 1;
    byte[] bytes = lyingArrayHeader(over);
    // RMI reads a call's arguments with the export's filter on a stream of its own
    Throwable t = catchThrowable(() -> {
      try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes))) {
        in.setObjectInputFilter(policy.filter());
        in.readObject();
      }
    });
    GridException g = SerialFilters.refusal(t);
    assertThat(g).as("refused: %s", t).isNotNull();
    assertThat(g.status()).isEqualTo(Status.RESOURCE_EXHAUSTED);
    assertThat(g.getMessage()).contains("maxCallArrayBytes=" + limits.maxCallArrayBytes());
    // under the cap it reads
    byte[] fine = SerialFiltersTest.serialize(new double[over - 2]);
    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(fine))) {
      in.setObjectInputFilter(policy.filter());
      assertThat(((double[]) in.readObject()).length).isEqualTo(over - 2);
    }
  }

  @Test
  void theCallCapIsAtMostMaxBytesAndNamesItselfWhenSet() {
    SerialPolicy.Limits four = new SerialPolicy.Limits(10, 64, 1000, 1_000);
    assertThat(four.maxCallArrayBytes()).isEqualTo(1_000);
    SerialPolicy.Limits five = new SerialPolicy.Limits(10, 64, 1000, 1_000_000, 4096);
    assertThat(five.maxCallArrayBytes()).isEqualTo(4096);
    assertThat(catchThrowable(() -> new SerialPolicy.Limits(10, 64, 1000, 1_000_000, 0)))
        .isInstanceOf(GridException.class);
  }
}
