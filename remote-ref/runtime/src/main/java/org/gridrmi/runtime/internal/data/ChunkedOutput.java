package org.gridrmi.runtime.internal.data;

import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import org.gridrmi.ref.Status;
import org.gridrmi.ref.spi.ValueOutput;

/**
 * The sending side of a framed stream: messages made of chunks, each chunk sent as soon as it is full, so a value of
 * any size is encoded while the previous chunk is on the wire and never held whole as bytes.
 *
 * <p>Frames: an int length n and n bytes (n &gt; 0); an int 0 ends a message; an int -1 aborts the message being
 * sent and is followed by a message of its own (status name, text) saying why, so that the connection stays usable
 * when a value fails to encode half way. Runs of primitives go into the chunk through little-endian views of it (one
 * memory copy); everything else is a {@link DataOutputStream} over this stream. Not thread-safe: one writer.
 */
public final class ChunkedOutput extends OutputStream implements ValueOutput {
  /** Bytes of data per frame: big enough that each is one or two system calls, small enough to stay in cache. */
  public static final int CHUNK_BYTES = 256 * 1024;

  private static final int HEADER = 4;
  private static final int END = 0;
  static final int ABORT = -1;

  private final OutputStream sink;
  private final ByteBuffer chunk =
      ByteBuffer.allocate(HEADER + CHUNK_BYTES + HEADER); // room for the end mark
  private final DataOutputStream data = new DataOutputStream(this);
  private final ChunkViews views;

  /** @param sink the connection's stream, unbuffered: every frame is one write to it */
  public ChunkedOutput(OutputStream sink) {
    this.sink = sink;
    chunk.position(HEADER);
    views = new ChunkViews(chunk.array());
  }

  private int room() {
    return HEADER + CHUNK_BYTES - chunk.position();
  }

  private void sendChunk(boolean end) throws IOException {
    int n = chunk.position() - HEADER;
    int from = HEADER;
    if (n > 0) {
      chunk.putInt(0, n);
      from = 0;
    }
    if (end) chunk.putInt(END);
    if (chunk.position() > from) {
      try {
        sink.write(chunk.array(), from, chunk.position() - from);
      } catch (IOException e) {
        throw new LinkBroken(e);
      }
    }
    chunk.position(HEADER);
  }

  /** Ends the message: sends what is buffered and the end mark, and flushes. */
  public void endMessage() throws IOException {
    sendChunk(true);
    flushSink();
  }

  /**
   * Drops what is buffered of the message being written and tells the reader why it will not be completed; the
   * connection stays in step.
   */
  public void abort(Status status, String why) throws IOException {
    chunk.position(HEADER);
    chunk.putInt(0, ABORT);
    try {
      sink.write(chunk.array(), 0, HEADER);
    } catch (IOException e) {
      throw new LinkBroken(e);
    }
    data.writeUTF(status.name());
    data.writeUTF(why.length() > 8000 ? why.substring(0, 8000) + "..." : why);
    endMessage();
  }

  private void flushSink() throws IOException {
    try {
      sink.flush();
    } catch (IOException e) {
      throw new LinkBroken(e);
    }
  }

  @Override
  public void write(int b) throws IOException {
    if (room() == 0) sendChunk(false);
    chunk.put((byte) b);
  }

  @Override
  public void write(byte[] b, int off, int len) throws IOException {
    while (len > 0) {
      if (room() == 0) sendChunk(false);
      int n = Math.min(len, room());
      chunk.put(b, off, n);
      off += n;
      len -= n;
    }
  }

  /**
   * Makes room for at least one element of {@code elementBytes} and returns how many of the {@code len} to write fit
   * in the chunk now.
   */
  private int room(int len, int elementBytes) throws IOException {
    if (room() < elementBytes) sendChunk(false);
    return Math.min(len, room() / elementBytes);
  }

  // runs of primitives: one absolute bulk copy through a view of the chunk made once (ChunkViews)

  @Override
  public void writeDoubles(double[] a, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, a.length);
    while (len > 0) {
      int n = room(len, Double.BYTES);
      views.put(chunk.position(), a, off, n);
      chunk.position(chunk.position() + n * Double.BYTES);
      off += n;
      len -= n;
    }
  }

  @Override
  public void writeFloats(float[] a, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, a.length);
    while (len > 0) {
      int n = room(len, Float.BYTES);
      views.put(chunk.position(), a, off, n);
      chunk.position(chunk.position() + n * Float.BYTES);
      off += n;
      len -= n;
    }
  }

  @Override
  public void writeInts(int[] a, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, a.length);
    while (len > 0) {
      int n = room(len, Integer.BYTES);
      views.put(chunk.position(), a, off, n);
      chunk.position(chunk.position() + n * Integer.BYTES);
      off += n;
      len -= n;
    }
  }

  @Override
  public void writeLongs(long[] a, int off, int len) throws IOException {
    java.util.Objects.checkFromIndexSize(off, len, a.length);
    while (len > 0) {
      int n = room(len, Long.BYTES);
      views.put(chunk.position(), a, off, n);
      chunk.position(chunk.position() + n * Long.BYTES);
      off += n;
      len -= n;
    }
  }

  /** Nothing to do: a message goes out in full chunks and at its end ({@link #endMessage}). */
  @Override
  public void flush() {}

  /** Does not close the connection: streams written into a message (Java serialization) close this at their end. */
  @Override
  public void close() {}

  @Override
  public void writeBoolean(boolean v) throws IOException {
    data.writeBoolean(v);
  }

  @Override
  public void writeByte(int v) throws IOException {
    data.writeByte(v);
  }

  @Override
  public void writeShort(int v) throws IOException {
    data.writeShort(v);
  }

  @Override
  public void writeChar(int v) throws IOException {
    data.writeChar(v);
  }

  @Override
  public void writeInt(int v) throws IOException {
    data.writeInt(v);
  }

  @Override
  public void writeLong(long v) throws IOException {
    data.writeLong(v);
  }

  @Override
  public void writeFloat(float v) throws IOException {
    data.writeFloat(v);
  }

  @Override
  public void writeDouble(double v) throws IOException {
    data.writeDouble(v);
  }

  @Override
  public void writeBytes(String s) throws IOException {
    data.writeBytes(s);
  }

  @Override
  public void writeChars(String s) throws IOException {
    data.writeChars(s);
  }

  @Override
  public void writeUTF(String s) throws IOException {
    data.writeUTF(s);
  }

  /** The connection failed under a write: unlike a value that cannot be encoded, nothing more can be sent on it. */
  public static final class LinkBroken extends IOException {
    private static final long serialVersionUID = 1L;

    LinkBroken(IOException cause) {
      super(cause.getMessage(), cause);
    }
  }
}
