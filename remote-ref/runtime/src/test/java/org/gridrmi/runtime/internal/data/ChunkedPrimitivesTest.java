package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Runs of primitives through a data connection's frames: bit for bit at every alignment and across chunk boundaries,
 * and without allocating per copy. A {@code Matrix} is a copy per row; when each copy made a view of the chunk (and a
 * lambda holding the target array), a G1 heap whose TLABs had shrunk after a few 256 MB values received an 8 MB
 * Matrix three to four times slower (bench transfer, default servers).
 */
class ChunkedPrimitivesTest {
  private final ByteArrayOutputStream wire = new ByteArrayOutputStream();
  private final ChunkedOutput out = new ChunkedOutput(wire);

  private ChunkedInput input() {
    return new ChunkedInput(new ByteArrayInputStream(wire.toByteArray()));
  }

  /** Every alignment of the run in the chunk, and runs longer than a chunk. */
  @ParameterizedTest(name = "{0} bytes before the runs")
  @ValueSource(ints = {0, 1, 2, 3, 4, 5, 6, 7})
  void runsOfEveryTypeArriveBitForBitAtEveryAlignment(int lead) throws IOException {
    Random r = new Random(lead);
    double[] d = r.doubles(ChunkedOutput.CHUNK_BYTES / 8 + 1001).toArray();
    d[3] = Double.NaN;
    d[4] = Double.longBitsToDouble(0x7ff0_0000_0000_0001L); // a NaN with a payload
    float[] f = new float[5003];
    for (int i = 0; i < f.length; i++) f[i] = r.nextFloat();
    int[] n = r.ints(70_001).toArray();
    long[] l = r.longs(40_003).toArray();
    for (int i = 0; i < lead; i++) out.writeByte(i);
    out.writeDoubles(d, 0, d.length);
    out.writeByte(9);
    out.writeFloats(f, 1, f.length - 1);
    out.writeInts(n, 0, n.length);
    out.writeByte(9);
    out.writeLongs(l, 0, l.length);
    out.endMessage();

    ChunkedInput in = input();
    for (int i = 0; i < lead; i++) assertThat(in.readByte()).isEqualTo((byte) i);
    double[] d2 = new double[d.length];
    in.readDoubles(d2, 0, d2.length);
    for (int i = 0; i < d.length; i++)
      assertThat(Double.doubleToRawLongBits(d2[i])).isEqualTo(Double.doubleToRawLongBits(d[i]));
    assertThat(in.readByte()).isEqualTo((byte) 9);
    float[] f2 = new float[f.length];
    in.readFloats(f2, 1, f2.length - 1);
    assertThat(f2).containsExactly(withFirst(f, 0f));
    int[] n2 = new int[n.length];
    in.readInts(n2, 0, n2.length);
    assertThat(n2).isEqualTo(n);
    assertThat(in.readByte()).isEqualTo((byte) 9);
    long[] l2 = new long[l.length];
    in.readLongs(l2, 0, l2.length);
    assertThat(l2).isEqualTo(l);
    in.endMessage();
  }

  private static float[] withFirst(float[] a, float first) {
    float[] c = a.clone();
    c[0] = first;
    return c;
  }

  /** A copy allocates nothing: a thousand rows of a thousand doubles cost the rows and a constant, both ways. */
  @Test
  void copyingRowsAllocatesNothingBeyondTheRows() throws IOException {
    double[] row = new Random(1).doubles(1000).toArray();
    ChunkedOutput toNowhere = new ChunkedOutput(java.io.OutputStream.nullOutputStream());
    toNowhere.writeByte(1); // rows off the chunk's alignment, as after a header
    for (int i = 0; i < 50; i++) toNowhere.writeDoubles(row, 0, row.length); // warm-up
    long before = allocated();
    for (int i = 0; i < 1000; i++) toNowhere.writeDoubles(row, 0, row.length);
    long written = allocated() - before;
    toNowhere.endMessage();

    out.writeByte(1);
    for (int i = 0; i < 1050; i++) out.writeDoubles(row, 0, row.length);
    out.endMessage();

    ChunkedInput in = input();
    in.readByte();
    double[] into = new double[1000];
    for (int i = 0; i < 50; i++) in.readDoubles(into, 0, into.length);
    before = allocated();
    for (int i = 0; i < 1000; i++) in.readDoubles(into, 0, into.length);
    long read = allocated() - before;
    assertThat(into).isEqualTo(row);
    // the old views cost about 150 bytes a copy (150 KB here); the output stream's buffer grows as
    // it is written
    assertThat(read).as("bytes allocated reading 1,000 rows").isLessThan(16_000);
    assertThat(written)
        .as("bytes allocated writing 1,000 rows (beyond the wire's own buffer)")
        .isLessThan(16_000 + 2L * wire.size());
  }

  @Test
  void aRunOutsideItsArrayIsRefusedBeforeAnythingIsRead() {
    ChunkedInput in = input();
    assertThatThrownBy(() -> in.readDoubles(new double[4], 2, 3))
        .isInstanceOf(IndexOutOfBoundsException.class);
    assertThatThrownBy(() -> out.writeLongs(new long[4], -1, 2))
        .isInstanceOf(IndexOutOfBoundsException.class);
  }

  private static long allocated() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getThreadAllocatedBytes(Thread.currentThread().getId());
  }
}
