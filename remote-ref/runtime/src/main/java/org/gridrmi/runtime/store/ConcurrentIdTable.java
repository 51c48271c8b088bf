package org.gridrmi.runtime.store;

import java.util.Objects;
import java.util.UUID;
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * A thread-safe {@link IdTable}: elements keyed by the value id each carries, updated one id at a time, atomically, as
 * {@code ConcurrentHashMap.compute} does, but with no entry object per element (a {@code ConcurrentHashMap} adds a
 * 32-byte node per key besides its table). The ids are spread over {@value #STRIPES} tables, each with its own lock, so
 * that threads updating different ids rarely wait for each other.
 *
 * <p>A remapping function runs under its id's stripe lock, which other ids share: it must be short, and must not wait
 * for another thread that may be updating this table.
 *
 * @param <E> what the table holds: an object that carries its id
 */
public final class ConcurrentIdTable<E> {
  /** How many tables with a lock of their own the ids are spread over (a power of two). */
  static final int STRIPES = 256;

  private final Function<? super E, UUID> idOf;
  private final IdTable<E>[] stripes;

  /** @param idOf the id of an element: its key in the table */
  @SuppressWarnings("unchecked")
  public ConcurrentIdTable(Function<? super E, UUID> idOf) {
    this.idOf = Objects.requireNonNull(idOf, "idOf");
    stripes = new IdTable[STRIPES];
    for (int i = 0; i < STRIPES; i++) stripes[i] = new IdTable<>(idOf);
  }

  /**
   * The stripe of an id: the top eight bits of the id's hash, which an {@link IdTable} of fewer than 2^24 slots does
   * not use for its probe (else the ids of one stripe would start their probes in a few slots of its table).
   */
  private IdTable<E> stripe(UUID id) {
    return stripes[(int) (IdTable.hash(id) >>> (64 - Integer.numberOfTrailingZeros(STRIPES)))];
  }

  /** The element with id {@code id}, or null if none. */
  public E get(UUID id) {
    IdTable<E> t = stripe(id);
    synchronized (t) {
      return t.get(id);
    }
  }

  /**
   * Replaces the element with id {@code id} (null if none) by what {@code remap} makes of it, atomically for that id:
   * null takes it out.
   *
   * @return the element now in the table for {@code id}, or null
   * @throws IllegalArgumentException if {@code remap} returned an element with another id (the table is unchanged)
   */
  public E compute(UUID id, BiFunction<? super UUID, ? super E, ? extends E> remap) {
    IdTable<E> t = stripe(id);
    synchronized (t) {
      E old = t.get(id);
      E now = remap.apply(id, old);
      if (now == null) {
        if (old != null) t.remove(id);
      } else if (now != old) {
        UUID nowId = idOf.apply(now);
        if (!id.equals(nowId)) {
          throw new IllegalArgumentException(
              "the remapping of " + id + " returned an element of id " + nowId);
        }
        t.put(now);
      }
      return now;
    }
  }

  /**
   * As {@link #compute}, only if the table holds an element with id {@code id}; else nothing runs.
   *
   * @return the element now in the table for {@code id}, or null
   */
  public E computeIfPresent(UUID id, BiFunction<? super UUID, ? super E, ? extends E> remap) {
    return compute(id, (k, old) -> old == null ? null : remap.apply(k, old));
  }

  /** How many elements the table holds now (not a snapshot: other threads may change it meanwhile). */
  public int size() {
    int n = 0;
    for (IdTable<E> t : stripes) {
      synchronized (t) {
        n += t.size();
      }
    }
    return n;
  }
}
