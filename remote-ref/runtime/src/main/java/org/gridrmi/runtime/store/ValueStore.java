package org.gridrmi.runtime.store;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/**
 * Where a node keeps the values of its slots, within a budget: values live in memory up to {@code maxMemoryBytes};
 * past it, the least recently used values that are set and not about to be read by a call here are written to this
 * node's spill directory (through the codecs) and dropped from memory, up to {@code maxSpillBytes} on disk. A value
 * moved to disk is read back into memory on its next use (a fetch, a call here), and its file is kept while the
 * value lives, so moving it out again costs no write. A value that fits neither fails with RESOURCE_EXHAUSTED naming
 * the node, its size and both budgets.
 *
 * <p>Locking: the accounting is under this store's lock; disk writes and reads are not (a slot chosen for eviction is
 * marked so that nothing else moves it meanwhile, and it stays readable in memory until its file is complete).
 */
public final class ValueStore implements AutoCloseable {
  /** Values smaller than this go to disk only when moving the larger ones is not enough. */
  static final long SMALL = 4096;

  private final String node;
  private final long maxMemory;
  private final SpillFiles files;
  private long maxSpill;
  /** Slots whose value is in memory and counted, least recently used first. */
  private final SlotQueue lru = new SlotQueue();

  private long memoryBytes;
  private long spilledBytes;
  /** Disk bytes promised to writes in progress. */
  private long reservedSpill;
  /** Memory bytes of values being written to disk now: they leave memory when their write completes. */
  private long leaving;

  private long spillWrites;
  private long readBacks;
  private int unmeasured;
  private String lastSpillFailure;

  /**
   * @param node the node's name, for messages and its spill directory
   * @param io how values are written to and read from disk
   */
  public ValueStore(String node, StoreBudget budget, ValueIo io) {
    this.node = node;
    this.maxMemory = budget.maxMemoryBytes();
    this.files = new SpillFiles(budget.spillDir(), node, io);
    this.maxSpill = budget.maxSpillBytes();
  }

  /** The node's name. */
  public String node() {
    return node;
  }

  /**
   * Makes the spill directory now and fixes the disk budget, so that a server with an unusable spill directory says
   * so when it starts (a Grid's store does this on its first spill).
   *
   * @throws GridException INVALID_ARGUMENT naming the directory and why it cannot be used
   */
  public synchronized void openSpill() {
    files.open();
    if (maxSpill == StoreBudget.DEFAULT_SPILL) {
      maxSpill = Math.min(
          files.usableSpace() / 2, saturatedTimes(StoreBudget.SPILL_PER_MEMORY, maxMemory));
    }
  }

  private static long saturatedTimes(long a, long b) {
    long r = a * b;
    return b != 0 && r / b != a ? Long.MAX_VALUE : r;
  }

  /** Stores the value of {@code s} (it becomes readable once this returns). */
  void admit(Slot s, Object value) {
    long size = ValueSizes.of(value);
    List<Slot> victims;
    synchronized (this) {
      s.value = value;
      // let go of already (its holders released it while it was computed): calls here that wait for
      // it get it from the
      // slot object, outside the budget, and it goes with them
      if (s.freed) return;
      if (size == ValueSizes.UNMEASURABLE) { // can neither move nor spill: kept, outside the budget
        s.size = 0;
        unmeasured++;
        return;
      }
      s.size = size;
      if (size > maxMemory) {
        victims = List.of(); // it can never be in memory within the budget: it goes to disk at once
      } else {
        s.inMemory = true;
        memoryBytes += size;
        lru.touch(s);
        victims = chooseVictims(s);
      }
    }
    evict(victims);
    if (size > maxMemory) {
      moveToDisk(s, "it is larger than the memory budget");
      return;
    }
    synchronized (this) {
      if (memoryBytes - leaving <= maxMemory || !s.inMemory || s.freed) return;
    }
    // nothing else could make room (every other value is in use or cannot be written): this one
    // goes to disk itself
    moveToDisk(s, "nothing else could be moved out of memory");
  }

  /**
   * Writes {@code s}'s value to disk and drops it from memory; if it cannot be written, frees what it took and throws.
   */
  private void moveToDisk(Slot s, String why) {
    Object value;
    synchronized (this) {
      // another thread storing a value of its own may have chosen this one since admit looked
      // (evicting), or written it already (file): that thread moves it out; a second writer of the
      // same file would rename a file the first one had renamed already
      if (s.freed || s.evicting || s.file != null) return;
      value = s.value;
      if (!reserve(s.size)) {
        forget(s);
        throw full(s, why);
      }
      s.evicting = true;
      if (s.inMemory) leaving += s.size;
      lru.remove(s);
    }
    SpillFiles.Written w;
    try {
      w = files.write(s.id(), value);
    } catch (IOException | GridException e) {
      synchronized (this) {
        reservedSpill -= s.size;
        if (s.inMemory) leaving -= s.size;
        s.evicting = false;
        lastSpillFailure = e.toString();
        forget(s);
      }
      throw new GridException(
          Status.RESOURCE_EXHAUSTED,
          "server " + node + " cannot keep " + s.label() + " (" + mb(s.size) + "): " + why
              + ", and writing it to " + files.directory() + " failed: " + e,
          e);
    }
    settleWrite(s, w);
  }

  /** Accounts a finished write: the slot's value is on disk, and no longer in memory. */
  private void settleWrite(Slot s, SpillFiles.Written w) {
    boolean orphan;
    synchronized (this) {
      reservedSpill -= s.size;
      if (s.inMemory) leaving -= s.size;
      s.evicting = false;
      orphan = s.freed;
      if (!orphan) {
        spillWrites++;
        s.file = w.entry();
        s.refsOnDisk = w.refs();
        spilledBytes += w.entry().bytes();
        if (s.readers == 0) {
          dropFromMemory(s);
        } else {
          lru.touch(s); // a call took it meanwhile: stays, now with a clean copy on disk
        }
      }
    }
    if (orphan) files.delete(w.entry());
  }

  private void dropFromMemory(Slot s) {
    if (s.inMemory) memoryBytes -= s.size;
    s.inMemory = false;
    s.value = null;
    lru.remove(s);
  }

  /** Takes a value that could not be stored out of the accounting (the slot fails instead). */
  private void forget(Slot s) {
    dropFromMemory(s);
  }

  private boolean reserve(long bytes) {
    if (spilledBytes + reservedSpill + bytes > maxSpillLimit()) return false;
    reservedSpill += bytes;
    return true;
  }

  private long maxSpillLimit() {
    if (maxSpill == StoreBudget.DEFAULT_SPILL) {
      try {
        openSpill();
      } catch (GridException e) {
        lastSpillFailure = e.description();
        return 0;
      }
    }
    return maxSpill;
  }

  private GridException full(Slot s, String why) {
    return new GridException(
        Status.RESOURCE_EXHAUSTED,
        "server " + node + " cannot keep " + s.label() + " ("
            + mb(s.size) + "): " + why + ", and its disk budget is used up: " + mb(memoryBytes)
            + " of " + mb(maxMemory)
            + " in memory (--max-store), " + mb(spilledBytes + reservedSpill) + " of "
            + mb(Math.max(0, maxSpill))
            + " on disk (--max-spill)"
            + (lastSpillFailure == null ? "" : "; last spill failure: " + lastSpillFailure));
  }

  /**
   * Picks least recently used values to move to disk until what stays fits the budget: values already on disk are
   * dropped from memory at once (their file is complete), the others are marked and returned for writing. Under the
   * lock.
   */
  private List<Slot> chooseVictims(Slot keep) {
    List<Slot> chosen = new ArrayList<>();
    long excess = memoryBytes - leaving - maxMemory;
    // small values last: a file per few bytes costs more than it saves (an inode, a disk block)
    for (long minimum : new long[] {SMALL, 0}) {
      for (Iterator<Slot> it = lru.iterator(); excess > 0 && it.hasNext(); ) {
        Slot v = it.next();
        if (v == keep || v.readers > 0 || v.evicting || v.size < minimum) continue;
        if (v.file != null) { // a clean copy on disk: nothing to write
          excess -= v.size;
          it.remove();
          memoryBytes -= v.size;
          v.inMemory = false;
          v.value = null;
          continue;
        }
        if (!reserve(v.size)) continue;
        v.evicting = true;
        leaving += v.size;
        it.remove();
        excess -= v.size;
        chosen.add(v);
      }
    }
    return chosen;
  }

  /** Writes chosen values to disk; one that fails stays in memory (its failure is remembered for messages). */
  private void evict(List<Slot> victims) {
    for (Slot v : victims) {
      Object value;
      synchronized (this) {
        value = v.value;
      }
      try {
        settleWrite(v, files.write(v.id(), value));
      } catch (IOException | GridException e) {
        synchronized (this) {
          reservedSpill -= v.size;
          if (v.inMemory) leaving -= v.size;
          v.evicting = false;
          lastSpillFailure = e.toString();
          if (!v.freed) lru.touch(v);
        }
      }
    }
  }

  /** The value of a set slot: from memory (marking it recently used), else read back from disk. */
  Object load(Slot s) {
    SpillFiles.Entry file;
    synchronized (this) {
      if (s.value != null || s.size == 0 && s.file == null) {
        if (s.inMemory) lru.touchIfPresent(s);
        return s.value;
      }
      file = s.file;
    }
    if (file == null) {
      throw new GridException(Status.NOT_FOUND, s.label() + " is no longer held by " + node);
    }
    Object value;
    synchronized (s) { // one read per value at a time; the others find it in memory after
      synchronized (this) {
        if (s.value != null) return s.value;
      }
      try {
        value = files.read(file);
      } catch (IOException | RuntimeException e) {
        throw new GridException(
            Status.RESOURCE_EXHAUSTED,
            "server " + node + " could not read back " + s.label() + " from " + file.path() + ": "
                + e,
            e);
      }
      List<Slot> victims = List.of();
      synchronized (this) {
        readBacks++;
        if (!s.freed && s.size <= maxMemory) {
          s.value = value;
          s.inMemory = true;
          memoryBytes += s.size;
          lru.touch(s);
          victims = chooseVictims(s);
        }
      }
      evict(victims);
    }
    return value;
  }

  /** Cancels the slot's computation unless a call here is about to read it (it still needs the value). */
  void cancelUnlessRead(Slot s) {
    synchronized (this) {
      if (s.readers > 0) return;
    }
    s.cancel(s.label() + ": nobody holds it any more");
  }

  void beginRead(Slot s) {
    synchronized (this) {
      s.readers++;
    }
  }

  void endRead(Slot s) {
    synchronized (this) {
      s.readers--;
    }
  }

  /** Lets go of a slot's value: memory and disk. */
  void free(Slot s) {
    SpillFiles.Entry file;
    synchronized (this) {
      if (s.freed) return;
      s.freed = true;
      if (s.evicting && s.inMemory) leaving -= s.size; // its write's end no longer counts it
      dropFromMemory(s);
      file = s.file;
      s.file = null;
      s.refsOnDisk = List.of();
      if (file != null) spilledBytes -= file.bytes();
    }
    if (file != null) files.delete(file);
  }

  /** Counters at one moment. */
  public record Usage(
      long memoryBytes,
      long maxMemoryBytes,
      long spilledBytes,
      long maxSpillBytes,
      long spillWrites,
      long readBacks,
      int unmeasured) {}

  public synchronized Usage usage() {
    return new Usage(
        memoryBytes,
        maxMemory,
        spilledBytes,
        Math.max(0, maxSpill),
        spillWrites,
        readBacks,
        unmeasured);
  }

  /** Whether memory is more than half full: holders should let go of what they no longer need. */
  public synchronized boolean underPressure() {
    return memoryBytes > maxMemory / 2;
  }

  /** Deletes the spill directory. Values still in memory are let go by the table. */
  @Override
  public void close() {
    files.close();
  }

  static String mb(long bytes) {
    return bytes < 10_000_000
        ? String.format(java.util.Locale.ROOT, "%.2f MB", bytes / 1e6)
        : String.format(java.util.Locale.ROOT, "%.0f MB", bytes / 1e6);
  }
}
