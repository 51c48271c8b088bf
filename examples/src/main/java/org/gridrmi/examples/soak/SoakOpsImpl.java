package org.gridrmi.examples.soak;

import java.util.Set;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.CRC32;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/** {@link SoakOps} with a ledger of the calls it ran; sleeps (not spins) for its compute time. */
public class SoakOpsImpl implements SoakOps {
  static final int MAX_SIZE = 64 << 20;
  private final Set<Long> ledger = ConcurrentHashMap.newKeySet();
  private final AtomicLong duplicates = new AtomicLong();

  @Override
  public byte[] produce(long token, int size, int millis) {
    record(token, 0);
    sleep(millis);
    return data(token, size);
  }

  @Override
  public byte[] transform(long token, byte[] data, int millis) {
    record(token, 1);
    sleep(millis);
    return transformed(token, data);
  }

  @Override
  public long consume(long token, byte[] data) {
    record(token, 2);
    return crc(data);
  }

  @Override
  public long[] ledger() {
    return ledger.stream().mapToLong(Long::longValue).toArray();
  }

  @Override
  public long duplicates() {
    return duplicates.get();
  }

  @Override
  public long heapAfterGc() {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; i++) System.gc(); // servers run the serial collector: System.gc() is a full GC
    return rt.totalMemory() - rt.freeMemory();
  }

  private void record(long token, int stage) {
    if (!ledger.add(token * 4 + stage)) duplicates.incrementAndGet();
  }

  /** What produce returns for this token. */
  public static byte[] data(long token, int size) {
    if (size < 0 || size > MAX_SIZE) {
      throw new GridException(Status.INVALID_ARGUMENT, "size " + size + " out of range 0.." + MAX_SIZE);
    }
    byte[] b = new byte[size];
    new SplittableRandom(token).nextBytes(b);
    return b;
  }

  /** What transform returns. */
  public static byte[] transformed(long token, byte[] data) {
    byte[] out = new byte[data.length];
    for (int i = 0; i < data.length; i++) out[i] = (byte) (data[data.length - 1 - i] ^ token);
    return out;
  }

  /** The result a chain for this token must end with. */
  public static long expected(long token, int size) {
    return crc(transformed(token, data(token, size)));
  }

  static long crc(byte[] data) {
    CRC32 c = new CRC32();
    c.update(data);
    return c.getValue();
  }

  private static void sleep(int millis) {
    if (millis < 0) throw new GridException(Status.INVALID_ARGUMENT, "negative compute time " + millis + " ms");
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GridException(Status.CANCELLED, "interrupted while computing");
    }
  }
}
