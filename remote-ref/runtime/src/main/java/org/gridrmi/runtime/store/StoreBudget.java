package org.gridrmi.runtime.store;

import java.nio.file.Path;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * How much one node's store may keep.
 *
 * @param maxMemoryBytes bytes of values kept in memory (as counted by their codecs, else their serialized size)
 *     before the least recently used are moved to disk
 * @param spillDir where this node's spill directory goes, or null for the system's temporary directory
 * @param maxSpillBytes bytes of values on disk, or {@link #DEFAULT_SPILL}
 */
public record StoreBudget(long maxMemoryBytes, Path spillDir, long maxSpillBytes) {
  /**
   * The default disk budget: {@value #SPILL_PER_MEMORY} times the memory budget, at most half the space free on the
   * spill directory's file system when the store opens it. Each store counts on its own share, so several nodes on
   * one machine do not each count on the same half of the disk.
   */
  public static final long DEFAULT_SPILL = -1;

  /** The default disk budget per byte of memory budget. */
  public static final long SPILL_PER_MEMORY = 4;

  public StoreBudget {
    if (maxMemoryBytes < 1) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "the store's memory budget must be positive: " + maxMemoryBytes);
    }
    if (maxSpillBytes < 0 && maxSpillBytes != DEFAULT_SPILL) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "the spill budget must not be negative: " + maxSpillBytes);
    }
  }

  /**
   * Half the JVM's maximum heap in memory, then {@link #DEFAULT_SPILL} on disk under the system's temporary directory.
   */
  public static StoreBudget defaults() {
    return new StoreBudget(Math.max(1, Runtime.getRuntime().maxMemory() / 2), null, DEFAULT_SPILL);
  }

  public StoreBudget withMaxMemory(long bytes) {
    return new StoreBudget(bytes, spillDir, maxSpillBytes);
  }

  public StoreBudget withSpillDir(Path dir) {
    return new StoreBudget(maxMemoryBytes, dir, maxSpillBytes);
  }

  public StoreBudget withMaxSpill(long bytes) {
    return new StoreBudget(maxMemoryBytes, spillDir, bytes);
  }
}
