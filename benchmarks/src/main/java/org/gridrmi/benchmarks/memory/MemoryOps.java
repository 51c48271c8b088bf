package org.gridrmi.benchmarks.memory;

import org.gridrmi.ref.GridService;

/**
 * The service of the memory benchmark ({@code gridrmi bench memory}): one server makes a value, another reduces it
 * to a number, {@code sum(make(bytes))}, so that every chain leaves a value of {@code bytes} on the first server (and
 * a replica on the second) that only the Grid's value lifetime can free.
 */
@GridService
public interface MemoryOps {
  /** A new array of {@code bytes} bytes of deterministic content ({@link MemoryOpsImpl#content}). */
  byte[] make(int bytes);

  /** The sum of the bytes of {@code v}, each read as unsigned (0..255). */
  long sum(byte[] v);
}
