package org.gridrmi.jama;

import Jama.Matrix;
import java.io.DataInput;
import java.io.DataOutput;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.DoubleBuffer;
import org.gridrmi.ref.spi.ValueCodec;

/**
 * The wire format GridRMI uses for {@link Matrix} values (put, get, server-to-server fetch); registered for
 * {@link java.util.ServiceLoader} in {@code META-INF/services/org.gridrmi.ref.spi.ValueCodec}.
 *
 * <p>Format (big-endian, as {@link DataOutput}): one byte version ({@value #VERSION}), int rows, int cols, then
 * {@code rows * cols} IEEE 754 doubles in row-major order, their bits exactly (NaN payloads included). The doubles
 * are converted in chunks of {@value #CHUNK_BYTES} bytes through a {@link DoubleBuffer} view of a byte array, a bulk
 * copy (with byte swap) inside the JDK, and each chunk is one {@code write(byte[], int, int)}: the per-element
 * {@code writeDouble} path costs a virtual call and eight single-byte writes per entry.
 *
 * <p>Reading checks the header before allocating: negative dimensions, and more than {@link #maxElements()} entries
 * (an empty row counts as one, so {@code 2^31 x 0} cannot allocate two billion row arrays), fail with an
 * {@link IOException} naming the dimensions. Rows are allocated as their bytes arrive, so a stream that lies about
 * its size and then ends costs no more memory than the bytes actually sent.
 *
 * <p>The limit defaults to {@link #DEFAULT_MAX_ELEMENTS}; a JVM sets it with the system property
 * {@value #MAX_ELEMENTS_PROPERTY} (the ServiceLoader instance has no other way to be configured). Thread-safe.
 */
public final class MatrixCodec implements ValueCodec<Matrix> {
  /** 2^28 entries (2 GiB of doubles): the default largest matrix read. */
  public static final long DEFAULT_MAX_ELEMENTS = 1L << 28;
  /** System property overriding {@link #DEFAULT_MAX_ELEMENTS} for the no-argument constructor. */
  public static final String MAX_ELEMENTS_PROPERTY = "gridrmi.jama.maxElements";
  /** The format version written first. */
  public static final int VERSION = 1;
  /** Size of the conversion buffer: large enough to amortize each write call, small enough to stay in L2. */
  public static final int CHUNK_BYTES = 64 * 1024;
  private static final int CHUNK_DOUBLES = CHUNK_BYTES / Double.BYTES;

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
  public void write(Matrix value, DataOutput out) throws IOException {
    int rows = value.getRowDimension();
    int cols = value.getColumnDimension();
    out.writeByte(VERSION);
    out.writeInt(rows);
    out.writeInt(cols);
    long total = (long) rows * cols;
    if (total == 0) {
      return;
    }
    byte[] bytes = new byte[(int) Math.min(CHUNK_BYTES, total * Double.BYTES)];
    DoubleBuffer view = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN).asDoubleBuffer();
    double[][] data = value.getArray(); // JAMA's own array: no copy
    for (int i = 0; i < rows; i++) {
      double[] row = data[i];
      int j = 0;
      while (j < cols) {
        int n = Math.min(cols - j, view.remaining());
        view.put(row, j, n);
        j += n;
        if (!view.hasRemaining()) {
          out.write(bytes, 0, view.position() * Double.BYTES);
          view.clear();
        }
      }
    }
    if (view.position() > 0) {
      out.write(bytes, 0, view.position() * Double.BYTES);
    }
  }

  /**
   * Reads a matrix written by {@link #write}.
   *
   * @throws IOException an unknown version, impossible or too large dimensions (before allocating), or a stream
   *     that ends inside the matrix ({@link EOFException}), each naming what it found
   */
  @Override
  public Matrix read(DataInput in) throws IOException {
    int version = in.readUnsignedByte();
    if (version != VERSION) {
      throw new IOException("MatrixCodec: unknown format version " + version + " (this codec reads " + VERSION
          + "); the stream is corrupt or was written by another GridRMI version");
    }
    int rows = in.readInt();
    int cols = in.readInt();
    if (rows < 0 || cols < 0) {
      throw new IOException("MatrixCodec: impossible dimensions " + rows + "x" + cols + " (negative)");
    }
    long cells = (long) rows * Math.max(cols, 1);
    if (cells > maxElements) {
      throw new IOException("MatrixCodec: " + rows + "x" + cols + " = " + (long) rows * cols
          + " entries exceeds the maximum of " + maxElements + " (system property " + MAX_ELEMENTS_PROPERTY + ")");
    }
    double[][] data = new double[rows][];
    long total = (long) rows * cols;
    byte[] bytes = new byte[(int) Math.min(CHUNK_BYTES, Math.max(total, 1) * Double.BYTES)];
    DoubleBuffer view = ByteBuffer.wrap(bytes).order(ByteOrder.BIG_ENDIAN).asDoubleBuffer();
    long done = 0;
    int i = 0;
    int j = 0;
    double[] row = rows > 0 ? (data[0] = new double[cols]) : null;
    while (done < total) {
      int chunk = (int) Math.min(CHUNK_DOUBLES, total - done);
      try {
        in.readFully(bytes, 0, chunk * Double.BYTES);
      } catch (EOFException e) {
        EOFException clear = new EOFException("MatrixCodec: stream ended inside a " + rows + "x" + cols
            + " matrix after " + done + " of " + total + " entries");
        clear.initCause(e);
        throw clear;
      }
      view.clear().limit(chunk);
      while (view.hasRemaining()) {
        int n = Math.min(cols - j, view.remaining());
        view.get(row, j, n);
        j += n;
        if (j == cols && i + 1 < rows) {
          row = data[++i] = new double[cols]; // allocate only once the row's data is arriving
          j = 0;
        }
      }
      done += chunk;
    }
    for (int r = i + 1; r < rows; r++) { // cols == 0: rows of nothing, no data was sent for them
      data[r] = new double[cols];
    }
    return new Matrix(data, rows, cols);
  }
}
