package org.gridrmi.client.inprocess;

import org.gridrmi.ref.ByValue;
import org.gridrmi.ref.GridService;
import org.gridrmi.ref.Idempotent;

/** Test service: values to move, slow calls, and a count of every execution by token. */
@GridService
public interface Work {
  /** {@code size} bytes, deterministic. */
  @Idempotent
  byte[] make(int size, @ByValue String token);

  /** The length of the data (a small result of a large argument). */
  int length(byte[] data, @ByValue String token);

  /** Waits {@code millis} (interruptibly), then returns the text. */
  String slow(String text, @ByValue int millis);

  /** Appends a suffix; safe to run again. */
  @Idempotent
  String append(String text, @ByValue String suffix);
}
