package org.gridrmi.jama;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import Jama.Matrix;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import java.util.ServiceLoader;
import org.gridrmi.ref.spi.ValueCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MatrixCodecTest {
  private final MatrixCodec codec = new MatrixCodec();

  private byte[] encode(Matrix m) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      codec.write(m, ValueOutput.of(out));
    }
    return bytes.toByteArray();
  }

  private Matrix decode(MatrixCodec c, byte[] bytes) throws IOException {
    DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes));
    Matrix m = c.read(ValueInput.of(in));
    assertThat(in.read()).as("codec read exactly what was written").isEqualTo(-1);
    return m;
  }

  private static void assertBitExact(Matrix actual, Matrix expected) {
    assertThat(actual.getRowDimension()).isEqualTo(expected.getRowDimension());
    assertThat(actual.getColumnDimension()).isEqualTo(expected.getColumnDimension());
    for (int i = 0; i < expected.getRowDimension(); i++) {
      for (int j = 0; j < expected.getColumnDimension(); j++) {
        assertThat(Double.doubleToRawLongBits(actual.get(i, j)))
            .as("entry (%d,%d)", i, j)
            .isEqualTo(Double.doubleToRawLongBits(expected.get(i, j)));
      }
    }
  }

  @ParameterizedTest
  @CsvSource({"0,0", "0,7", "7,0", "1,1", "1,5000", "5000,1", "3,4", "91,113", "1000,1000"})
  void roundTripsEveryShape(int rows, int cols) throws IOException {
    Matrix m = new JamaMatrixOps().random(rows, cols, 42);
    byte[] bytes = encode(m);
    assertThat(bytes).hasSize(9 + rows * cols * Double.BYTES);
    assertBitExact(decode(codec, bytes), m);
  }

  @Test
  void preservesSpecialValuesBitExactly() throws IOException {
    double quietNaNWithPayload = Double.longBitsToDouble(0x7ff8_0000_dead_beefL);
    double[][] data = {
      {Double.NaN, quietNaNWithPayload, Double.POSITIVE_INFINITY},
      {Double.NEGATIVE_INFINITY, -0.0, Double.MIN_VALUE},
      {Double.MAX_VALUE, -Double.MIN_NORMAL, 1.0 / 3}
    };
    Matrix m = new Matrix(data);
    assertBitExact(decode(codec, encode(m)), m);
  }

  @Test
  void writesOnlyTheLogicalShapeOfALargerBackingArray() throws IOException {
    double[][] backing = {{1, 2, 99}, {3, 4, 99}, {99, 99, 99}};
    Matrix m = new Matrix(backing, 2, 2);
    Matrix back = decode(codec, encode(m));
    assertThat(back.getArray()).isDeepEqualTo(new double[][] {{1, 2}, {3, 4}});
  }

  @Test
  @SuppressWarnings("rawtypes") // ValueCodec.class can only be a raw Class
  void isFoundByServiceLoader() {
    assertThat(ServiceLoader.load(ValueCodec.class).stream().map(p -> p.type().getName()))
        .contains(MatrixCodec.class.getName());
    assertThat(codec.type()).isEqualTo(Matrix.class);
    assertThat(codec.id()).isEqualTo("jama.Matrix");
  }

  private static byte[] header(int version, int rows, int cols, int extraBytes) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeByte(version);
      out.writeInt(rows);
      out.writeInt(cols);
      out.write(new byte[extraBytes]);
    } catch (IOException e) {
      throw new AssertionError(e);
    }
    return bytes.toByteArray();
  }

  @Test
  void rejectsNegativeDimensions() {
    assertThatThrownBy(() -> decode(codec, header(MatrixCodec.VERSION, -1, 5, 0)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("-1x5")
        .hasMessageContaining("negative");
    assertThatThrownBy(() -> decode(codec, header(MatrixCodec.VERSION, 3, Integer.MIN_VALUE, 0)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("3x-2147483648");
  }

  @Test
  void rejectsOversizedBeforeAllocating() {
    // rows * cols overflows int: must be computed in long and refused, not wrapped round to a small
    // number
    assertThatThrownBy(() -> decode(codec, header(MatrixCodec.VERSION, 65536, 65536, 0)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("65536x65536 = 4294967296 entries exceeds the maximum of 268435456");
    assertThatThrownBy(() ->
            decode(codec, header(MatrixCodec.VERSION, Integer.MAX_VALUE, Integer.MAX_VALUE, 0)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("2147483647x2147483647");
    // two billion empty rows would still allocate two billion arrays
    assertThatThrownBy(() -> decode(codec, header(MatrixCodec.VERSION, Integer.MAX_VALUE, 0, 0)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("2147483647x0");
    MatrixCodec small = new MatrixCodec(100);
    assertThatThrownBy(() -> decode(small, header(MatrixCodec.VERSION, 11, 10, 880)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("11x10 = 110 entries exceeds the maximum of 100");
  }

  @Test
  void maximumIsConfigurableBySystemProperty() {
    String old = System.getProperty(MatrixCodec.MAX_ELEMENTS_PROPERTY);
    System.setProperty(MatrixCodec.MAX_ELEMENTS_PROPERTY, "12");
    try {
      assertThat(new MatrixCodec().maxElements()).isEqualTo(12);
    } finally {
      if (old == null) {
        System.clearProperty(MatrixCodec.MAX_ELEMENTS_PROPERTY);
      } else {
        System.setProperty(MatrixCodec.MAX_ELEMENTS_PROPERTY, old);
      }
    }
  }

  @Test
  void rejectsTruncatedStreamsNamingHowFarItGot() throws IOException {
    byte[] full = encode(new JamaMatrixOps().random(100, 100, 1)); // 80,009 bytes: a hundred rows
    byte[] cut = Arrays.copyOf(full, full.length - 3);
    assertThatThrownBy(() -> decode(codec, cut))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining(
            "stream ended inside a 100x100 matrix after 9900 of 10000 entries"); // rows are read
    // whole
    assertThatThrownBy(() -> decode(codec, Arrays.copyOf(full, 5)))
        .isInstanceOf(EOFException.class);
    assertThatThrownBy(() -> decode(codec, new byte[0])).isInstanceOf(EOFException.class);
  }

  @Test
  void aHeaderThatLiesAboutItsSizeCostsOnlyWhatWasSent() {
    // 16384 x 16384 = 2^28 entries is allowed (2 GiB), but only 16 bytes follow: must fail fast,
    // not allocate 2 GiB
    assertThatThrownBy(() -> decode(codec, header(MatrixCodec.VERSION, 16384, 16384, 16)))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining("16384x16384");
  }

  @Test
  void aHeaderClaimingManyRowsCostsOnlyTheRowsThatArrive() {
    // 2^28 rows of one column is within the limit; only two rows follow. The array of rows must
    // grow as rows
    // arrive: allocated whole it is a gigabyte of references for a 25-byte stream.
    long before = allocatedBytes();
    assertThatThrownBy(() -> decode(codec, header(MatrixCodec.VERSION, 1 << 28, 1, 16)))
        .isInstanceOf(EOFException.class)
        .hasMessageContaining("after 2 of 268435456 entries");
    assertThat(allocatedBytes() - before).as("bytes allocated by the read").isLessThan(10_000_000L);
  }

  @Test
  void nineBytesOfAnEmptyMatrixHeaderAllocateNothingLarge() {
    // 2^28 x 0 passes the element limit (an empty row counts as one entry) and carries no data:
    // every row of it
    // used to be allocated from the nine-byte header alone (2^28 empty arrays, 4 GiB, plus the
    // array of rows)
    long before = allocatedBytes();
    assertThatThrownBy(() -> decode(codec, header(MatrixCodec.VERSION, 1 << 28, 0, 0)))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("268435456x0")
        .hasMessageContaining("at most " + MatrixCodec.MAX_EMPTY_ROWS);
    assertThat(allocatedBytes() - before).as("bytes allocated by the read").isLessThan(10_000_000L);
  }

  @Test
  void aMatrixOfNoColumnsWithinTheBoundStillReads() throws IOException {
    Matrix back = decode(codec, header(MatrixCodec.VERSION, MatrixCodec.MAX_EMPTY_ROWS, 0, 0));
    assertThat(back.getRowDimension()).isEqualTo(MatrixCodec.MAX_EMPTY_ROWS);
    assertThat(back.getColumnDimension()).isZero();
  }

  /** Bytes this thread allocated so far (GC does not lower it). */
  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean)
            java.lang.management.ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  @Test
  void rejectsCorruptVersionByte() throws IOException {
    byte[] bytes = encode(Matrix.identity(2, 2));
    bytes[0] = 7;
    assertThatThrownBy(() -> decode(codec, bytes))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("unknown format version 7");
  }

  @Test
  void rejectsBadLimit() {
    assertThatThrownBy(() -> new MatrixCodec(0)).isInstanceOf(IllegalArgumentException.class);
  }
}
