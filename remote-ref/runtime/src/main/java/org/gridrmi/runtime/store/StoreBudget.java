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
 * @param maxSpillBytes bytes of values on disk, or {@link #HALF_THE_FREE_DISK} for half the space free on the spill
 *     directory's file system when the node starts
 */
public record StoreBudget(long maxMemoryBytes, Path spillDir, long maxSpillBytes) {
  public static final long HALF_THE_FREE_DISK = -1;

  public StoreBudget {
    if (maxMemoryBytes < 1) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "the store's memory budget must be positive: " + maxMemoryBytes);
    }
    if (maxSpillBytes < 0 && maxSpillBytes != HALF_THE_FREE_DISK) {
      throw new GridException(
          Status.INVALID_ARGUMENT, "the spill budget must not be negative: " + maxSpillBytes);
    }
  }

  /** Half the JVM's maximum heap in memory, then half the free disk under the system's temporary directory. */
  public static StoreBudget defaults() {
    return new StoreBudget(
        Math.max(1, Runtime.getRuntime().maxMemory() / 2), null, HALF_THE_FREE_DISK);
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
