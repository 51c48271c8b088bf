package org.gridrmi.jama;

import Jama.Matrix;
import java.io.EOFException;
import java.io.IOException;
import java.util.Arrays;
import org.gridrmi.ref.spi.ValueCodec;
import org.gridrmi.ref.spi.ValueInput;
import org.gridrmi.ref.spi.ValueOutput;

/**
 * The wire format GridRMI uses for {@link Matrix} values (put, get, server-to-server fetch); registered for
 * {@link java.util.ServiceLoader} in {@code META-INF/services/org.gridrmi.ref.spi.ValueCodec}.
 *
 * <p>Format: one byte version ({@value #VERSION}), int rows, int cols (big-endian, as {@link java.io.DataOutput}),
 * then {@code rows * cols} IEEE 754 doubles in row-major order, little-endian, their bits exactly (NaN payloads
 * included). Each row is one bulk run of {@link ValueOutput#writeDoubles}: on a data connection a memory copy into
 * the chunk being sent, so a matrix of any size moves at memory speed and is never whole in a byte array; the
 * per-element {@code writeDouble} path costs a virtual call and eight single-byte writes per entry.
 *
 * <p>Reading checks the header before allocating: negative dimensions, more than {@link #maxElements()} entries
 * (an empty row counts as one), and a matrix with no columns claiming more than {@value #MAX_EMPTY_ROWS} rows fail
 * with an {@link IOException} naming the dimensions. Rows are allocated as their bytes arrive, so a stream that lies
 * about its size and then ends costs no more memory than the bytes actually sent (the array of rows grows as they
 * come). Rows of no columns carry no bytes at all, so they could not be charged that way: a nine-byte header of
 * {@code 2^28 x 0} would otherwise make 2^28 empty arrays (4 GiB) out of nothing. Such a matrix therefore shares one
 * empty row and its row count is bounded by a constant.
 *
 * <p>The limit defaults to {@link #DEFAULT_MAX_ELEMENTS}; a JVM sets it with the system property
 * {@value #MAX_ELEMENTS_PROPERTY} (the ServiceLoader instance has no other way to be configured). Thread-safe.
 */
public final class MatrixCodec implements ValueCodec<Matrix> {
  /** 2^28 entries (2 GiB of doubles): the default largest matrix read. */
  public static final long DEFAULT_MAX_ELEMENTS = 1L << 28;
  /** System property overriding {@link #DEFAULT_MAX_ELEMENTS} for the no-argument constructor. */
  public static final String MAX_ELEMENTS_PROPERTY = "gridrmi.jama.maxElements";
  /** The format version written first (1 was big-endian doubles). */
  public static final int VERSION = 2;
  /**
   * The most rows a matrix of no columns may claim: no byte on the wire pays for them, so their memory (a reference
   * each, 256 KB at most) is bounded by a constant instead.
   */
  public static final int MAX_EMPTY_ROWS = 1 << 16;
  /** Rows the array of rows holds before it first grows. */
  private static final int FIRST_ROWS = 8192;

  private final long maxElements;

  /** A codec whose limit is the system property {@value #MAX_ELEMENTS_PROPERTY}, else 2^28 entries. */
  public MatrixCodec() {
    this(Long.getLong(MAX_ELEMENTS_PROPERTY, DEFAULT_MAX_ELEMENTS));
  }

  /**
   * A codec with its own limit.
   *
   * @param maxElements the largest {@code rows * cols} accepted by {@link #read}, &gt; 0
   */
  public MatrixCodec(long maxElements) {
    if (maxElements <= 0) {
      throw new IllegalArgumentException("maxElements must be positive, got " + maxElements);
    }
    this.maxElements = maxElements;
  }

  /** The largest number of entries {@link #read} accepts. */
  public long maxElements() {
    return maxElements;
  }

  @Override
  public Class<Matrix> type() {
    return Matrix.class;
  }

  @Override
  public String id() {
    return "jama.Matrix";
  }

  /** A version byte, the two dimensions and 8 bytes per entry: what {@link #write} writes. */
  @Override
  public long size(Matrix value) {
    return 1 + 4 + 4 + (long) value.getRowDimension() * value.getColumnDimension() * Double.BYTES;
  }

  /** Writes {@code value} (its first rows x cols entries; JAMA may hold longer row arrays). */
  @Override
  public void write(Matrix value, ValueOutput out) throws IOException {
    int rows = value.getRowDimension();
    int cols = value.getColumnDimension();
    out.writeByte(VERSION);
    out.writeInt(rows);
    out.writeInt(cols);
    double[][] data =
        value.getArray(); // JAMA's own array, no copy; it may hold more rows than the matrix
    for (int i = 0; i < rows; i++) {
      out.writeDoubles(data[i], 0, cols);
    }
  }

  /**
   * Reads a matrix written by {@link #write}.
   *
   * @throws IOException an unknown version, impossible or too large dimensions (before allocating), or a stream
   *     that ends inside the matrix ({@link EOFException}), each naming what it found
   */
  @Override
  public Matrix read(ValueInput in) throws IOException {
    int version = in.readUnsignedByte();
    if (version != VERSION) {
      throw new IOException("MatrixCodec: unknown format version " + version + " (this codec reads "
          + VERSION + "); the stream is corrupt or was written by another GridRMI version");
    }
    int rows = in.readInt();
    int cols = in.readInt();
    if (rows < 0 || cols < 0) {
      throw new IOException(
          "MatrixCodec: impossible dimensions " + rows + "x" + cols + " (negative)");
    }
    long cells = (long) rows * Math.max(cols, 1);
    if (cells > maxElements) {
      throw new IOException("MatrixCodec: " + rows + "x" + cols + " = " + (long) rows * cols
          + " entries exceeds the maximum of " + maxElements + " (system property "
          + MAX_ELEMENTS_PROPERTY + ")");
    }
    if (cols == 0) {
      if (rows > MAX_EMPTY_ROWS) {
        throw new IOException(
            "MatrixCodec: " + rows + "x0 claims " + rows + " rows of no columns; at most "
                + MAX_EMPTY_ROWS + " are read, since no byte of the stream pays for them");
      }
      double[][] empty = new double[rows][];
      Arrays.fill(
          empty,
          new double[0]); // JAMA never writes into a row of no columns, so one can serve them all
      return new Matrix(empty, rows, 0);
    }
    // the array of rows grows as rows arrive too: allocated whole, 2^28 one-column rows would cost
    // a gigabyte of
    // references before the first entry came
    double[][] data = new double[Math.min(rows, FIRST_ROWS)][];
    for (int i = 0; i < rows; i++) {
      if (i == data.length) data = Arrays.copyOf(data, (int) Math.min(rows, 2L * data.length));
      try {
        data[i] = in.readDoubles(cols); // each row allocated as its data arrives
      } catch (EOFException e) {
        EOFException clear = new EOFException("MatrixCodec: stream ended inside a " + rows + "x"
            + cols + " matrix after " + (long) i * cols + " of " + (long) rows * cols + " entries");
        clear.initCause(e);
        throw clear;
      }
    }
    return new Matrix(data, rows, cols);
  }
}
