package org.gridrmi.client.inprocess;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

/** Counts executions per token in this JVM (the in-process servers share it), which tests read. */
public final class WorkImpl implements Work {
  static final Map<String, AtomicInteger> RUNS = new ConcurrentHashMap<>();

  /** The thread each {@code append} ran on, by its suffix, and each {@code slow} by its text (tests read it). */
  public static final Map<String, String> THREADS = new ConcurrentHashMap<>();

  static int runs(String token) {
    AtomicInteger n = RUNS.get(token);
    return n == null ? 0 : n.get();
  }

  private static void ran(String token) {
    RUNS.computeIfAbsent(token, t -> new AtomicInteger()).incrementAndGet();
  }

  @Override
  public byte[] make(int size, String token) {
    ran(token);
    byte[] b = new byte[size];
    for (int i = 0; i < size; i++) b[i] = (byte) i;
    return b;
  }

  @Override
  public int length(byte[] data, String token) {
    ran(token);
    return data.length;
  }

  @Override
  public String slow(String text, int millis) {
    THREADS.put(text, Thread.currentThread().getName());
    try {
      Thread.sleep(millis);
    } catch (InterruptedException e) {
      throw new IllegalStateException("interrupted", e);
    }
    return text;
  }

  @Override
  public String append(String text, String suffix) {
    THREADS.put(suffix, Thread.currentThread().getName());
    return text + suffix;
  }
}
