package org.gridrmi.examples.fig2;

import org.gridrmi.ref.GridService;

/**
 * The paper's Fig. 2 and Fig. 7 methods: {@code method2(method1(x))}. Each method sleeps (not spins) for its
 * compute time, so several server JVMs can share two cores without distorting the timings.
 */
@GridService
public interface Fig2Ops {
  /** Waits {@code millis}, then returns {@code size} deterministic bytes. */
  byte[] method1(int size, int millis);

  /** Waits {@code millis}, then returns an array of {@code size} bytes derived from {@code data}. */
  byte[] method2(byte[] data, int size, int millis);

  /** The lower bound of Fig. 7: one call doing both methods' work on the server. */
  byte[] both(int size1, int size2, int millis);

  /** A checksum: a small result of a large argument. */
  long checksum(byte[] data);

  /** Returns its argument: a round trip of {@code data.length} bytes each way, for calibration. */
  byte[] echo(byte[] data);

  /** Does nothing: the null call. */
  void noop();
}
