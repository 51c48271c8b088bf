package org.gridrmi.runtime.serial;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * The source of an object stream GridRMI reads itself, which makes sure an array's bytes have arrived before the JDK
 * allocates the array from its header: {@link #admit} reads them ahead into a buffer that grows as they arrive (a
 * source in memory is only measured), and the stream then reads them from there. So an array costs at most twice
 * the bytes that arrived for it, and a header that claims a gigabyte and then ends, or stalls, costs what arrived.
 */
final class ArrivedBytes extends InputStream {
  /** Arrays of at most this many bytes on the wire are allocated at once: a bounded constant. */
  static final long AT_ONCE = 64 * 1024;

  /**
   * Bytes of the array's data the object stream may already hold in its own buffers (a block of at most 1024 bytes
   * and a peeked byte) and so not find here.
   */
  private static final int HELD_BY_THE_STREAM = 1024 + 16;

  private static final byte[] NONE = new byte[0];
  private final InputStream source;
  private byte[] ahead = NONE;
  private int pos;
  private int end;

  ArrivedBytes(InputStream source) {
    this.source = source;
  }

  /**
   * Returns once the {@code wireBytes} an array of {@code length} elements takes on the wire have arrived (read
   * ahead, or there in memory), so that allocating it costs no more than they did.
   *
   * @throws GridException RESOURCE_EXHAUSTED if a source in memory holds fewer
   * @throws UncheckedIOException if the source fails (a connection's timeout among them) or ends while they arrive
   *     (an {@link java.io.EOFException}, which {@link SerialFilters#endOfStream} finds again)
   */
  void admit(Class<?> array, long length, long wireBytes) {
    if (wireBytes <= AT_ONCE) return;
    long need = wireBytes - HELD_BY_THE_STREAM;
    try {
      if (source instanceof ByteArrayInputStream inMemory) {
        if (end - pos + (long) inMemory.available() < need)
          throw shortOf(array, length, wireBytes, end - pos + inMemory.available());
        return;
      }
      while (end - pos < need) {
        if (pos > 0) {
          System.arraycopy(ahead, pos, ahead, 0, end - pos);
          end -= pos;
          pos = 0;
        }
        if (end == ahead.length) {
          int size = (int) Math.min(need, Math.max(AT_ONCE, 2L * ahead.length));
          ahead = Arrays.copyOf(ahead, size);
        }
        int got = source.read(ahead, end, ahead.length - end);
        if (got < 0) {
          throw new UncheckedIOException(new java.io.EOFException("the stream ended " + (end - pos)
              + " bytes into an array " + array.getTypeName() + " of length " + length));
        }
        end += got;
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static GridException shortOf(Class<?> array, long length, long wireBytes, long left) {
    return SerialFilters.refuse(
        Status.RESOURCE_EXHAUSTED,
        "array " + array.getTypeName() + " of length " + length + " needs " + wireBytes
            + " bytes but only " + left + " are left in the stream: its header lies");
  }

  @Override
  public int read() throws IOException {
    if (pos < end) {
      int b = ahead[pos++] & 0xff;
      drained();
      return b;
    }
    return source.read();
  }

  @Override
  public int read(byte[] b, int off, int len) throws IOException {
    if (pos < end) {
      int n = Math.min(len, end - pos);
      System.arraycopy(ahead, pos, b, off, n);
      pos += n;
      drained();
      return n;
    }
    return source.read(b, off, len);
  }

  /** Lets go of a buffer whose bytes were all read. */
  private void drained() {
    if (pos == end) {
      ahead = NONE;
      pos = end = 0;
    }
  }

  @Override
  public int available() throws IOException {
    return end - pos + source.available();
  }

  @Override
  public void close() throws IOException {
    source.close();
  }
}
