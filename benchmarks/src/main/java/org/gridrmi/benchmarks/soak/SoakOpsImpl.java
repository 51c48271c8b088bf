package org.gridrmi.benchmarks.soak;

import java.util.SplittableRandom;
import java.util.zip.CRC32;
import org.gridrmi.cli.ledger.ExecutionLedger;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * {@link SoakOps} that records every call it runs in a ledger before running it; sleeps (not spins) for its compute
 * time. A server exports it with {@code ./gridrmi server --ledger DIR --service
 * org.gridrmi.benchmarks.soak.SoakOps=org.gridrmi.benchmarks.soak.SoakOpsImpl}.
 */
public class SoakOpsImpl implements SoakOps {
  static final int MAX_SIZE = 64 << 20;
  private final ExecutionLedger ledger;

  public SoakOpsImpl(ExecutionLedger ledger) {
    this.ledger = ledger;
  }

  @Override
  public byte[] produce(long token, int size, int millis) {
    return produce(token, size, millis, false);
  }

  @Override
  public byte[] produceIdempotent(long token, int size, int millis) {
    return produce(token, size, millis, true);
  }

  @Override
  public byte[] transform(long token, byte[] data, int millis) {
    return transform(token, data, millis, false);
  }

  @Override
  public byte[] transformIdempotent(long token, byte[] data, int millis) {
    return transform(token, data, millis, true);
  }

  @Override
  public long consume(long token, byte[] data) {
    ledger.record(SoakOps.key(token, 2), false);
    return crc(data);
  }

  @Override
  public long consumeIdempotent(long token, byte[] data) {
    ledger.record(SoakOps.key(token, 2), true);
    return crc(data);
  }

  private byte[] produce(long token, int size, int millis, boolean idempotent) {
    ledger.record(SoakOps.key(token, 0), idempotent);
    sleep(millis);
    return data(token, size);
  }

  private byte[] transform(long token, byte[] data, int millis, boolean idempotent) {
    ledger.record(SoakOps.key(token, 1), idempotent);
    sleep(millis);
    return transformed(token, data);
  }

  @Override
  public long heapAfterGc() {
    Runtime rt = Runtime.getRuntime();
    for (int i = 0; i < 3; i++)
      System
          .gc(); // a full collection with the serial collector and G1 alike (unless told otherwise)
    return rt.totalMemory() - rt.freeMemory();
  }

  /** What produce returns for this token. */
  public static byte[] data(long token, int size) {
    if (size < 0 || size > MAX_SIZE) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "size " + size + " out of range 0.." + MAX_SIZE);
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
    if (millis < 0)
      throw new GridException(Status.INVALID_ARGUMENT, "negative compute time " + millis + " ms");
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new GridException(Status.CANCELLED, "interrupted while computing");
    }
  }
}
