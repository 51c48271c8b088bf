package org.gridrmi.client.inprocess;

import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.gridrmi.ref.RemoteReference;

public final class HoldingImpl implements Holding {
  /** What {@code make(size, seed)} returns, for tests that check a value read back bit for bit. */
  public static byte[] content(int size, int seed) {
    byte[] b = new byte[size];
    new Random(seed).nextBytes(b);
    return b;
  }

  @Override
  public byte[] make(int size, int seed) {
    return content(size, seed);
  }

  @Override
  public byte[] makeSlowly(int size, int seed, int millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted");
    }
    return content(size, seed);
  }

  @Override
  public List<RemoteReference<byte[]>> keep(List<RemoteReference<byte[]>> refs) {
    return refs;
  }

  /** The list stash was given last (its references, and so their values, held by this server meanwhile). */
  private final java.util.concurrent.atomic.AtomicReference<List<RemoteReference<byte[]>>> stashed =
      new java.util.concurrent.atomic.AtomicReference<>();

  @Override
  public int stash(List<RemoteReference<byte[]>> refs) {
    stashed.set(refs);
    return refs.size();
  }

  @Override
  public List<RemoteReference<byte[]>> takeStashed() {
    return stashed.getAndSet(null);
  }

  @Override
  public List<RemoteReference<byte[]>> same(List<RemoteReference<byte[]>> refs) {
    return refs;
  }

  @Override
  public long totalLength(List<RemoteReference<byte[]>> refs) {
    long n = 0;
    for (RemoteReference<byte[]> r : refs) n += r.get().length;
    return n;
  }

  @Override
  public byte[] copy(byte[] data) {
    return data;
  }

  @Override
  public long crc(byte[] data) {
    CRC32 c = new CRC32();
    c.update(data);
    return c.getValue();
  }

  @Override
  public byte[] exhaust(int size) {
    throw new OutOfMemoryError("Java heap space (a test call that needed " + size + " bytes)");
  }
}
