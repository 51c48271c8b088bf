package org.gridrmi.it.client;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.CRC32;
import org.gridrmi.ref.RemoteReference;

public final class LifetimeImpl implements Lifetime {
  /** What {@code make(size, seed, millis)} returns. */
  public static byte[] content(int size, int seed) {
    byte[] b = new byte[size];
    new Random(seed).nextBytes(b);
    return b;
  }

  public static long crcOf(byte[] data) {
    CRC32 c = new CRC32();
    c.update(data);
    return c.getValue();
  }

  @Override
  public byte[] make(int size, int seed, int millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted");
    }
    return content(size, seed);
  }

  @Override
  public int stash(List<RemoteReference<byte[]>> refs) {
    stashed.set(refs);
    return refs.size();
  }

  /** The list stash was given last (its references, and so their values, held by this server meanwhile). */
  private final java.util.concurrent.atomic.AtomicReference<List<RemoteReference<byte[]>>> stashed =
      new java.util.concurrent.atomic.AtomicReference<>();

  @Override
  public List<RemoteReference<byte[]>> takeStashed() {
    return stashed.getAndSet(null);
  }

  @Override
  public List<RemoteReference<byte[]>> keep(List<RemoteReference<byte[]>> refs) {
    return refs;
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
  public long crc(byte[] data) {
    return crcOf(data);
  }

  @Override
  public long allocate(int megabytes) {
    List<byte[]> kept = new ArrayList<>();
    for (int i = 0; i < megabytes; i++) kept.add(new byte[1 << 20]);
    return kept.size();
  }
}
