package org.gridrmi.runtime.internal.data;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.spi.ValueInput;

/**
 * The reading side of {@link ChunkedOutput}'s frames: a message is read as the bytes arrive (a value is decoded
 * while the rest of it is still on the wire), and {@link #endMessage} checks that the reader took all of it. Runs of
 * primitives are copied out of the chunk through little-endian views; a new array ({@code readDoubles(n)} and the
 * like) is allocated at the length the message claims when the node's {@link ReceiveAdmission} admits it, and
 * otherwise grows as its data arrives ({@link ValueInput}'s defaults): the owner of a value is a peer like any other,
 * and a fetch thread must not allocate a gigabyte on its word beyond that bound.
 * Reading past the end of a message reads -1 (as an {@code InputStream}) or throws {@link EOFException}. Not
 * thread-safe: one reader.
 */
public final class ChunkedInput extends InputStream implements ValueInput {
  private final InputStream source;
  private final ByteBuffer chunk = ByteBuffer.allocate(ChunkedOutput.CHUNK_BYTES);
  private final DataInputStream data = new DataInputStream(this);
  private final ChunkViews views;
  private final ReceiveAdmission admission;
  /** Bytes of the current frame still in the source. */
  private int frameLeft;
  /** The end mark of the current message was read. */
  private boolean ended;
  /** Bytes of data read from frames so far. */
  private long received;

  /** Bytes of message data taken by the reader so far (frame headers not counted, read-ahead not yet taken). */
  public long received() {
    return received - chunk.remaining();
  }

  /** A reader whose new arrays all grow as their data arrives. @param source the connection's stream */
  public ChunkedInput(InputStream source) {
    this(source, ReceiveAdmission.NONE);
  }

  /**
   * @param source the connection's stream
   * @param admission the node's bound on arrays allocated whole ahead of their data
   */
  ChunkedInput(InputStream source, ReceiveAdmission admission) {
    this.source = source;
    this.admission = admission;
    chunk.limit(0);
    views = new ChunkViews(chunk.array());
  }

  /** Reads the next frame's header; false at the end of the message. */
  private boolean nextFrame() throws IOException {
    if (ended) return false;
    int n = readHeader();
    if (n > 0) {
      frameLeft = n;
      return true;
    }
    if (n == 0) {
      ended = true;
      return false;
    }
    if (n == ChunkedOutput.ABORT) throw aborted();
    throw new java.io.StreamCorruptedException("a data connection sent a frame of " + n + " bytes");
  }

  private int readHeader() throws IOException {
    int a = source.read(), b = source.read(), c = source.read(), d = source.read();
    if ((a | b | c | d) < 0) throw new EOFException("the data connection closed inside a message");
    return (a << 24) | (b << 16) | (c << 8) | d;
  }

  /** The sender gave up on the message; its reason follows as a message of its own. */
  private Aborted aborted() throws IOException {
    frameLeft = 0;
    chunk.limit(0);
    Status status;
    String why;
    String name = data.readUTF();
    why = data.readUTF();
    endMessage();
    try {
      status = Status.valueOf(name);
    } catch (IllegalArgumentException e) {
      status = Status.UNAVAILABLE;
    }
    return new Aborted(new GridException(status, why));
  }

  /**
   * Makes at least {@code n} bytes (at most a chunk) readable in the chunk; false if the message ends first with
   * none left.
   */
  private boolean fill(int n) throws IOException {
    while (chunk.remaining() < n) {
      if (frameLeft == 0 && !nextFrame()) {
        if (chunk.hasRemaining()) {
          throw new EOFException(
              "a message on a data connection ended inside a " + n + "-byte item");
        }
        return false;
      }
      chunk.compact();
      int want = Math.min(frameLeft, chunk.remaining());
      int got = source.read(chunk.array(), chunk.position(), want);
      if (got < 0) throw new EOFException("the data connection closed inside a message");
      chunk.position(chunk.position() + got).flip();
      frameLeft -= got;
      received += got;
    }
    return true;
  }

  @Override
  public int read() throws IOException {
    return fill(1) ? chunk.get() & 0xff : -1;
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (len == 0) return 0;
    if (!fill(1)) return -1;
    int n = Math.min(len, chunk.remaining());
    chunk.get(b, off, n);
    return n;
  }

  @Override
  public int available() {
    return chunk.remaining();
  }

  /**
   * The message has been read to its end: checks that nothing of it is left (a codec that read less than its
   * writer wrote would leave the connection out of step) and gets ready for the next one.
   */
  public void endMessage() throws IOException {
    if (chunk.hasRemaining() || frameLeft > 0 || (!ended && nextFrame())) {
      throw new java.io.StreamCorruptedException(
          "a message on a data connection was not read to its end (a codec "
              + "read less than it wrote)");
    }
    ended = false;
  }

  /**
   * Makes at least one element of {@code elementBytes} readable and returns how many of the {@code len} wanted the
   * chunk holds now.
   */
  private int available(int len, int elementBytes) throws IOException {
    if (chunk.remaining() < elementBytes && !fill(elementBytes)) {
      throw new EOFException(
          "a message on a data connection ended " + len + " elements short of an array");
    }
    return Math.min(len, chunk.remaining() / elementBytes);
  }

  // runs of primitives: one absolute bulk copy through a view of the chunk made once (ChunkViews)

  @Override
  public void readDoubles(double[] a, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, a.length);
    while (len > 0) {
      int n = available(len, Double.BYTES);
      views.get(chunk.position(), a, off, n);
      chunk.position(chunk.position() + n * Double.BYTES);
      off += n;
      len -= n;
    }
  }

  @Override
  public void readFloats(float[] a, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, a.length);
    while (len > 0) {
      int n = available(len, Float.BYTES);
      views.get(chunk.position(), a, off, n);
      chunk.position(chunk.position() + n * Float.BYTES);
      off += n;
      len -= n;
    }
  }

  @Override
  public void readInts(int[] a, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, a.length);
    while (len > 0) {
      int n = available(len, Integer.BYTES);
      views.get(chunk.position(), a, off, n);
      chunk.position(chunk.position() + n * Integer.BYTES);
      off += n;
      len -= n;
    }
  }

  @Override
  public void readLongs(long[] a, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, a.length);
    while (len > 0) {
      int n = available(len, Long.BYTES);
      views.get(chunk.position(), a, off, n);
      chunk.position(chunk.position() + n * Long.BYTES);
      off += n;
      len -= n;
    }
  }

  // new arrays: allocated whole when admitted, else grown as their data arrives (ValueInput's
  // defaults)

  @Override
  public double[] readDoubles(int n) throws IOException {
    long bytes = (long) n * Double.BYTES;
    if (!admit(bytes)) return ValueInput.super.readDoubles(n);
    try {
      double[] a = new double[n];
      readDoubles(a, 0, n);
      return a;
    } finally {
      admission.release(bytes);
    }
  }

  @Override
  public float[] readFloats(int n) throws IOException {
    long bytes = (long) n * Float.BYTES;
    if (!admit(bytes)) return ValueInput.super.readFloats(n);
    try {
      float[] a = new float[n];
      readFloats(a, 0, n);
      return a;
    } finally {
      admission.release(bytes);
    }
  }

  @Override
  public int[] readInts(int n) throws IOException {
    long bytes = (long) n * Integer.BYTES;
    if (!admit(bytes)) return ValueInput.super.readInts(n);
    try {
      int[] a = new int[n];
      readInts(a, 0, n);
      return a;
    } finally {
      admission.release(bytes);
    }
  }

  @Override
  public long[] readLongs(int n) throws IOException {
    long bytes = (long) n * Long.BYTES;
    if (!admit(bytes)) return ValueInput.super.readLongs(n);
    try {
      long[] a = new long[n];
      readLongs(a, 0, n);
      return a;
    } finally {
      admission.release(bytes);
    }
  }

  @Override
  public byte[] readBytes(int n) throws IOException {
    if (!admit(n)) return ValueInput.super.readBytes(n);
    try {
      byte[] a = new byte[n];
      readFully(a, 0, n);
      return a;
    } finally {
      admission.release(n);
    }
  }

  /**
   * Whether a new array of {@code bytes} is allocated whole now: not a small one (growing allocates those whole
   * anyway, with no admission to count) and not a negative length (the default refuses it).
   */
  private boolean admit(long bytes) {
    return bytes > ReceiveAdmission.SMALL_BYTES && admission.tryAdmit(bytes);
  }

  /** Does not close the connection: streams read from a message (Java serialization) close this at their end. */
  @Override
  public void close() {}

  @Override
  public void readFully(byte[] b) throws IOException {
    data.readFully(b);
  }

  @Override
  public void readFully(byte[] b, int off, int len) throws IOException {
    data.readFully(b, off, len);
  }

  @Override
  public int skipBytes(int n) throws IOException {
    return data.skipBytes(n);
  }

  @Override
  public boolean readBoolean() throws IOException {
    return data.readBoolean();
  }

  @Override
  public byte readByte() throws IOException {
    return data.readByte();
  }

  @Override
  public int readUnsignedByte() throws IOException {
    return data.readUnsignedByte();
  }

  @Override
  public short readShort() throws IOException {
    return data.readShort();
  }

  @Override
  public int readUnsignedShort() throws IOException {
    return data.readUnsignedShort();
  }

  @Override
  public char readChar() throws IOException {
    return data.readChar();
  }

  @Override
  public int readInt() throws IOException {
    return data.readInt();
  }

  @Override
  public long readLong() throws IOException {
    return data.readLong();
  }

  @Override
  public float readFloat() throws IOException {
    return data.readFloat();
  }

  @Override
  public double readDouble() throws IOException {
    return data.readDouble();
  }

  @SuppressWarnings("deprecation")
  @Override
  public String readLine() throws IOException {
    return data.readLine();
  }

  @Override
  public String readUTF() throws IOException {
    return data.readUTF();
  }

  /** The sender could not complete the message; {@link #status()} says why, as the sender's node put it. */
  public static final class Aborted extends IOException {
    private static final long serialVersionUID = 1L;
    private final GridException reason;

    Aborted(GridException reason) {
      super(reason.getMessage(), reason);
      this.reason = reason;
    }

    public GridException reason() {
      return reason;
    }
  }
}
