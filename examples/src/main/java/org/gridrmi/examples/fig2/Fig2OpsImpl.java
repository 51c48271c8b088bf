package org.gridrmi.examples.fig2;

import java.util.SplittableRandom;
import java.util.zip.CRC32;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/** Sleeping implementation of {@link Fig2Ops}. */
public class Fig2OpsImpl implements Fig2Ops {
  static final int MAX_SIZE = 256 << 20;

  @Override
  public byte[] method1(int size, int millis) {
    sleep(millis);
    return bytes(size, 1);
  }

  @Override
  public byte[] method2(byte[] data, int size, int millis) {
    sleep(millis);
    byte[] out = bytes(size, checksum(data));
    return out;
  }

  @Override
  public byte[] both(int size1, int size2, int millis) {
    sleep(millis);
    return bytes(size2, checksum(bytes(size1, 1)));
  }

  @Override
  public long checksum(byte[] data) {
    CRC32 c = new CRC32();
    c.update(data);
    return c.getValue();
  }

  @Override
  public byte[] echo(byte[] data) {
    return data;
  }

  @Override
  public void noop() {}

  private static byte[] bytes(int size, long seed) {
    if (size < 0 || size > MAX_SIZE) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "size " + size + " out of range 0.." + MAX_SIZE);
    }
    byte[] b = new byte[size];
    SplittableRandom r = new SplittableRandom(seed);
    for (int i = 0; i < size; i++) b[i] = (byte) r.nextInt();
    return b;
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
