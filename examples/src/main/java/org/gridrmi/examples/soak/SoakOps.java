package org.gridrmi.examples.soak;

import org.gridrmi.ref.GridService;

/**
 * The service of the soak benchmark: a three-call chain {@code consume(transform(produce()))} in which every call
 * carries the chain's token, so that the server records each (token, stage) it ran and a call that ran twice is
 * counted, not guessed. Its probes ({@link #ledger}, {@link #duplicates}, {@link #heapAfterGc}) are meant for plain
 * calls, which do not count in the server's {@code callsRun}.
 */
@GridService
public interface SoakOps {
  /** Stage 0: waits {@code millis}, returns {@code size} bytes derived from {@code token}. */
  byte[] produce(long token, int size, int millis);

  /** Stage 1: waits {@code millis}, returns the bytes reversed and xor-ed with the token's low byte. */
  byte[] transform(long token, byte[] data, int millis);

  /** Stage 2: the CRC-32 of {@code data}. */
  long consume(long token, byte[] data);

  /** Every (token, stage) this server ran, each as {@code token * 4 + stage}. */
  long[] ledger();

  /** How many calls ran on this server for a (token, stage) it had already run. */
  long duplicates();

  /** Used heap in bytes after a full GC: what values still held (or leaked) cost. */
  long heapAfterGc();
}
