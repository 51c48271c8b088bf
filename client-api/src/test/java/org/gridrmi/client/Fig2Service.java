package org.gridrmi.client;

import org.gridrmi.ref.ByValue;
import org.gridrmi.ref.GridService;
import org.gridrmi.ref.Idempotent;

/** The paper's Fig. 2 methods and a few helpers for testing chains and failures. */
@GridService
public interface Fig2Service {
  /** A deterministic array of {@code size} bytes. */
  byte[] method1(int size, long seed);

  /** A checksum of the data: a small result of a large argument. */
  long method2(byte[] data);

  /** Waits {@code millis}, then appends {@code suffix}. Safe to run twice. */
  @Idempotent
  String slowAppend(String text, @ByValue String suffix, int millis);

  /** As slowAppend, but not marked idempotent: a lost result is not re-made. */
  String slowOnce(String text, @ByValue String suffix, int millis);

  /** Always throws IllegalStateException with this message. */
  String fail(@ByValue String message);

  String concat(String a, String b);

  String echo(String s);

  /** The length of the array, for same-server compositions. */
  int length(byte[] data);

  void noop();
}
