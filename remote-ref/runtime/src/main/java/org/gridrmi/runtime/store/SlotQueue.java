package org.gridrmi.runtime.store;

import java.util.Iterator;
import java.util.NoSuchElementException;

/**
 * The store's values in memory from least to most recently used, linked through the slots themselves (two fields of
 * each, {@link Slot#older} and {@link Slot#newer}) instead of an access-ordered {@code LinkedHashMap}, whose entry and
 * table slot cost about 40 bytes a value. Not thread-safe: the store's lock guards it, as it guards the slots' fields.
 */
final class SlotQueue implements Iterable<Slot> {
  private Slot oldest;
  private Slot newest;

  /** Adds {@code s} as the most recently used, or makes it so if it is here. */
  void touch(Slot s) {
    if (newest == s) return;
    if (contains(s)) unlink(s);
    s.older = newest;
    s.newer = null;
    if (newest != null) newest.newer = s;
    else oldest = s;
    newest = s;
  }

  /** Marks {@code s} as the most recently used if it is here; else nothing. */
  void touchIfPresent(Slot s) {
    if (contains(s)) touch(s);
  }

  /** Removes {@code s} if it is here. */
  void remove(Slot s) {
    if (contains(s)) unlink(s);
  }

  boolean contains(Slot s) {
    return s.older != null || oldest == s;
  }

  private void unlink(Slot s) {
    if (s.older != null) s.older.newer = s.newer;
    else oldest = s.newer;
    if (s.newer != null) s.newer.older = s.older;
    else newest = s.older;
    s.older = null;
    s.newer = null;
  }

  /** From the least recently used; its {@code remove()} takes the last slot returned out of the queue. */
  @Override
  public Iterator<Slot> iterator() {
    return new Iterator<>() {
      private Slot next = oldest;
      private Slot last;

      @Override
      public boolean hasNext() {
        return next != null;
      }

      @Override
      public Slot next() {
        if (next == null) throw new NoSuchElementException();
        last = next;
        next = next.newer;
        return last;
      }

      @Override
      public void remove() {
        if (last == null) throw new IllegalStateException();
        unlink(last);
        last = null;
      }
    };
  }
}
