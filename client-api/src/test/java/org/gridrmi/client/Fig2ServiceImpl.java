package org.gridrmi.client;

import java.util.Random;
import java.util.zip.CRC32;

public class Fig2ServiceImpl implements Fig2Service {
  @Override
  public byte[] method1(int size, long seed) {
    byte[] b = new byte[size];
    new Random(seed).nextBytes(b);
    return b;
  }

  @Override
  public long method2(byte[] data) {
    CRC32 c = new CRC32();
    c.update(data);
    return c.getValue();
  }

  @Override
  public String slowAppend(String text, String suffix, int millis) {
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted");
    }
    return text + suffix;
  }

  @Override
  public String slowOnce(String text, String suffix, int millis) {
    return slowAppend(text, suffix, millis);
  }

  @Override
  public String fail(String message) {
    throw new IllegalStateException(message);
  }

  @Override
  public String concat(String a, String b) {
    return a + b;
  }

  @Override
  public String echo(String s) {
    return s;
  }

  @Override
  public int length(byte[] data) {
    return data.length;
  }

  @Override
  public void noop() {}
}
