package org.gridrmi.ref.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * {@link ValueOutput#of} and {@link ValueInput#of} over plain Data streams (the RMI path, spills): runs of primitives
 * are little-endian and exact, only the range asked for is written or filled, whatever the run's length against the
 * conversion buffer; new arrays grow with their data; and the DataOutput methods keep their big-endian contract.
 */
class ValueStreamsTest {
  private static final int BUFFER = 64 * 1024;
  private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
  private final DataOutputStream data = new DataOutputStream(bytes);
  private final ValueOutput out = ValueOutput.of(data);

  private ValueInput input() throws IOException {
    data.flush();
    return ValueInput.of(new DataInputStream(new ByteArrayInputStream(bytes.toByteArray())));
  }

  private ByteBuffer written() throws IOException {
    data.flush();
    return ByteBuffer.wrap(bytes.toByteArray()).order(ByteOrder.LITTLE_ENDIAN);
  }

  @Test
  void aValueStreamIsItsOwnView() {
    assertThat(ValueOutput.of(out)).isSameAs(out);
    ValueInput in = ValueInput.of(new DataInputStream(new ByteArrayInputStream(new byte[0])));
    assertThat(ValueInput.of(in)).isSameAs(in);
  }

  /** Lengths around the 64 KB conversion buffer, in elements of 8 and of 4 bytes. */
  @ParameterizedTest
  @ValueSource(
      ints = {
        0,
        1,
        BUFFER / 8 - 1,
        BUFFER / 8,
        BUFFER / 8 + 1,
        BUFFER / 4 - 1,
        BUFFER / 4,
        BUFFER / 4 + 1,
        3 * BUFFER / 4 + 5
      })
  void runsWriteOnlyTheirRangeLittleEndianAndReadBackIntoTheirRange(int len) throws IOException {
    Random r = new Random(len);
    int off = 3;
    double[] d = new double[len + 5];
    float[] f = new float[len + 5];
    int[] i = new int[len + 5];
    long[] l = new long[len + 5];
    for (int k = 0; k < d.length; k++) {
      d[k] = Double.longBitsToDouble(r.nextLong());
      f[k] = Float.intBitsToFloat(r.nextInt());
      i[k] = r.nextInt();
      l[k] = r.nextLong();
    }
    out.writeDoubles(d, off, len);
    out.writeFloats(f, off, len);
    out.writeInts(i, off, len);
    out.writeLongs(l, off, len);

    ByteBuffer w = written();
    assertThat(w.remaining()).isEqualTo(len * (8 + 4 + 4 + 8));
    for (int k = 0; k < len; k++)
      assertThat(w.getLong()).isEqualTo(Double.doubleToRawLongBits(d[off + k]));
    for (int k = 0; k < len; k++)
      assertThat(w.getInt()).isEqualTo(Float.floatToRawIntBits(f[off + k]));
    for (int k = 0; k < len; k++) assertThat(w.getInt()).isEqualTo(i[off + k]);
    for (int k = 0; k < len; k++) assertThat(w.getLong()).isEqualTo(l[off + k]);

    ValueInput in = input();
    double[] d2 = new double[len + 5];
    float[] f2 = new float[len + 5];
    int[] i2 = new int[len + 5];
    long[] l2 = new long[len + 5];
    java.util.Arrays.fill(d2, 7.0);
    in.readDoubles(d2, off, len);
    in.readFloats(f2, off, len);
    in.readInts(i2, off, len);
    in.readLongs(l2, off, len);
    for (int k = 0; k < len + 5; k++) {
      boolean inRange = k >= off && k < off + len;
      assertThat(Double.doubleToRawLongBits(d2[k]))
          .isEqualTo(Double.doubleToRawLongBits(inRange ? d[k] : 7.0));
      assertThat(Float.floatToRawIntBits(f2[k]))
          .isEqualTo(inRange ? Float.floatToRawIntBits(f[k]) : 0);
      assertThat(i2[k]).isEqualTo(inRange ? i[k] : 0);
      assertThat(l2[k]).isEqualTo(inRange ? l[k] : 0L);
    }
  }

  /** New arrays grow from 64 KB as data arrives: lengths on both sides of each doubling. */
  @ParameterizedTest
  @ValueSource(
      ints = {
        0,
        1,
        Growing.FIRST_BYTES - 1,
        Growing.FIRST_BYTES,
        Growing.FIRST_BYTES + 1,
        2 * Growing.FIRST_BYTES + 1,
        5 * Growing.FIRST_BYTES + 3
      })
  void newArraysHoldExactlyTheirData(int n) throws IOException {
    Random r = new Random(n);
    byte[] b = new byte[n];
    r.nextBytes(b);
    double[] d = r.doubles(n).toArray();
    long[] l = r.longs(n).toArray();
    out.write(b);
    out.writeDoubles(d, 0, n);
    out.writeLongs(l, 0, n);
    ValueInput in = input();
    assertThat(in.readBytes(n)).isEqualTo(b);
    assertThat(in.readDoubles(n)).isEqualTo(d);
    assertThat(in.readLongs(n)).isEqualTo(l);
    assertThat(in.readFloats(0)).isEmpty();
    assertThat(in.readInts(0)).isEmpty();
  }

  @Test
  void aNewArrayOfNegativeLengthIsRefused() throws IOException {
    ValueInput in = input();
    assertThatThrownBy(() -> in.readDoubles(-1))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("-1");
  }

  @Test
  void aNewArrayWhoseDataEndsEarlyIsEof() throws IOException {
    out.writeDoubles(new double[10], 0, 10);
    ValueInput in = input();
    assertThatThrownBy(() -> in.readDoubles(100_000_000)).isInstanceOf(EOFException.class);
  }

  @Test
  void theDataOutputMethodsStayBigEndian() throws IOException {
    out.writeInt(1);
    out.writeLong(2);
    out.writeDouble(1.0);
    assertThat(written().order(ByteOrder.BIG_ENDIAN).array())
        .isEqualTo(ByteBuffer.allocate(20).putInt(1).putLong(2).putDouble(1.0).array());
    ValueInput in = input();
    assertThat(in.readInt()).isEqualTo(1);
    assertThat(in.readLong()).isEqualTo(2);
    assertThat(in.readDouble()).isEqualTo(1.0);
  }
}
