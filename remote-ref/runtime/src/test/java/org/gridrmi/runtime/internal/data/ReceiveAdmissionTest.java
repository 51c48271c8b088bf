package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.awaitility.Awaitility.await;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The receiver's admission control on a data connection: an admitted array is allocated once at its claimed length,
 * one the bound cannot take grows as its data arrives, and an admission lasts as long as the array's read, whether it
 * completes or fails.
 */
class ReceiveAdmissionTest {
  private static final int N = 1 << 20; // 8 MB of doubles

  private static double[] values() {
    double[] d = new double[N];
    for (int i = 0; i < N; i++) d[i] = i * 0.5;
    return d;
  }

  private static byte[] message(double[] d) throws IOException {
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    ChunkedOutput out = new ChunkedOutput(wire);
    out.writeDoubles(d, 0, d.length);
    out.endMessage();
    return wire.toByteArray();
  }

  /** Bytes this thread allocated reading the message's array, and the array. */
  private static long allocatedReading(byte[] message, ReceiveAdmission admission, double[] expect)
      throws IOException {
    for (int i = 0; i < 3; i++) read(message, admission); // warm
    long before = allocated();
    double[] got = read(message, admission);
    long bytes = allocated() - before;
    assertThat(got).isEqualTo(expect);
    return bytes;
  }

  private static double[] read(byte[] message, ReceiveAdmission admission) throws IOException {
    ChunkedInput in = new ChunkedInput(new ByteArrayInputStream(message), admission);
    double[] got = in.readDoubles(N);
    in.endMessage();
    return got;
  }

  @Test
  void anAdmittedArrayIsAllocatedOnceAtItsLength() throws IOException {
    double[] d = values();
    byte[] message = message(d);
    ReceiveAdmission admission = new ReceiveAdmission(64L << 20);
    long admitted = allocatedReading(message, admission, d);
    long grown = allocatedReading(message, ReceiveAdmission.NONE, d);
    // beside the array: the reader's own 256 KB chunk and its views
    assertThat(admitted)
        .as("bytes allocated for an admitted 8 MB array")
        .isBetween(8L * N, 8L * N + ChunkedOutput.CHUNK_BYTES + 64 * 1024);
    assertThat(grown)
        .as("bytes allocated for an 8 MB array grown as it arrived")
        .isGreaterThan(12L * N);
    assertThat(admission.admitted()).isZero();
  }

  @Test
  void anArrayLargerThanWhatIsLeftGrowsAsItArrives() throws IOException {
    double[] d = values();
    ReceiveAdmission admission = new ReceiveAdmission(4L << 20); // half the array
    assertThat(allocatedReading(message(d), admission, d)).isGreaterThan(12L * N);
    assertThat(admission.admitted()).isZero();
  }

  @Test
  void smallArraysAndNegativeLengthsTakeNothingFromTheBound() throws IOException {
    ReceiveAdmission admission = new ReceiveAdmission(1); // admits nothing above a byte
    ByteArrayOutputStream wire = new ByteArrayOutputStream();
    ChunkedOutput out = new ChunkedOutput(wire);
    out.writeLongs(new long[] {1, 2, 3}, 0, 3);
    out.endMessage();
    ChunkedInput in = new ChunkedInput(new ByteArrayInputStream(wire.toByteArray()), admission);
    assertThat(in.readLongs(3)).containsExactly(1, 2, 3);
    assertThatThrownBy(() -> in.readInts(-1))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("negative");
    assertThat(admission.admitted()).isZero();
  }

  /** An owner that claims an array and stalls holds its admission until its read fails, and no longer. */
  @Test
  void theAdmissionIsHeldWhileTheDataArrivesAndEndsWhenTheReadFails() throws Exception {
    ReceiveAdmission admission = new ReceiveAdmission(12L << 20);
    PipedInputStream pipe = new PipedInputStream(16 << 20);
    PipedOutputStream sender = new PipedOutputStream(pipe);
    ChunkedOutput out = new ChunkedOutput(sender);
    double[] d = values();
    out.writeDoubles(d, 0, N / 2); // half of it, in full chunks; then nothing
    ChunkedInput in = new ChunkedInput(pipe, admission);
    CompletableFuture<double[]> read = CompletableFuture.supplyAsync(() -> {
      try {
        return in.readDoubles(N);
      } catch (IOException e) {
        throw new java.io.UncheckedIOException(e);
      }
    });
    await()
        .atMost(Duration.ofSeconds(10))
        .until(() -> pipe.available() == 0 && admission.admitted() > 0);
    assertThat(admission.admitted()).isEqualTo(8L * N);
    assertThat(admission.tryAdmit(8L * N))
        .as("a second 8 MB claim beside the first")
        .isFalse();
    sender.close(); // the owner goes away
    assertThatThrownBy(() -> read.get(10, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class)
        .hasRootCauseInstanceOf(EOFException.class);
    assertThat(admission.admitted()).isZero();
    assertThat(admission.tryAdmit(8L * N)).isTrue();
  }

  @Test
  void claimsAreAdmittedWhileTheyFitTogether() {
    ReceiveAdmission admission = new ReceiveAdmission(100);
    assertThat(admission.tryAdmit(60)).isTrue();
    assertThat(admission.tryAdmit(41)).isFalse();
    assertThat(admission.tryAdmit(40)).isTrue();
    admission.release(60);
    assertThat(admission.tryAdmit(60)).isTrue();
    assertThat(admission.admitted()).isEqualTo(100);
  }

  private static long allocated() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getThreadAllocatedBytes(Thread.currentThread().getId());
  }
}
