package org.gridrmi.runtime.store;

import java.security.SecureRandom;
import java.util.Objects;
import java.util.UUID;
import java.util.function.Consumer;
import java.util.function.Function;
import org.gridrmi.runtime.wire.HeldDigest;

/**
 * Elements keyed by the value id each one carries, in one array of references (open addressing, linear probing): a
 * 4-byte slot per element and the free slots (5 to 11 bytes an element while it grows), and no object of its own,
 * where a {@code HashMap} or {@code HashSet} adds a 32-byte entry per element besides its table. What a client keeps per live reference (its count's chain, its link's held ids)
 * and an owner per value held (its holder index) is mostly such entries, so this table is what keeps them small: at a
 * million references, 32 bytes each is an eighth of what a reference costs the client.
 *
 * <p>No library the runtime already depends on offers it: the JDK's maps make an entry per element, and Apache Fory's
 * {@code org.apache.fory.collection} maps are its serializers' own helpers (keys and values in two arrays), not an API
 * it keeps. An element is its own key's holder ({@code idOf}), so the table needs one array, not two.
 *
 * <p>Not thread-safe: the caller locks. Null elements and elements whose id is null are refused. An element's id must not
 * change while it is in the table. The table grows by doubling when more than three quarters full, and shrinks by
 * halving (to 16 slots at least) when less than an eighth full, so a holder that let go of most of its values gets its
 * memory back.
 *
 * @param <E> what the table holds: a {@link UUID} itself, or an object that carries one
 */
public final class IdTable<E> {
  /** The fewest slots a table has. */
  static final int MIN_CAPACITY = 16;

  private final Function<? super E, UUID> idOf;
  private Object[] slots = new Object[MIN_CAPACITY];
  private int size;

  /** @param idOf the id of an element: its key in the table (for a table of ids, {@code id -> id}) */
  public IdTable(Function<? super E, UUID> idOf) {
    this.idOf = Objects.requireNonNull(idOf, "idOf");
  }

  /** A table of value ids themselves, each its own key. */
  public static IdTable<UUID> ofIds() {
    return new IdTable<>(Function.identity());
  }

  /** How many elements the table holds. */
  public int size() {
    return size;
  }

  public boolean isEmpty() {
    return size == 0;
  }

  /** How many slots the table has now (a power of two, at least {@link #MIN_CAPACITY}): for tests of its growth. */
  int capacity() {
    return slots.length;
  }

  /** The element whose id equals {@code id}, or null if none. */
  @SuppressWarnings("unchecked")
  public E get(UUID id) {
    int i = find(slots, Objects.requireNonNull(id, "id"));
    return i < 0 ? null : (E) slots[i];
  }

  public boolean contains(UUID id) {
    return get(id) != null;
  }

  /**
   * Adds {@code element} unless the table holds an element with its id already (which then stays).
   *
   * @return whether it was added
   */
  public boolean add(E element) {
    UUID id = idOf(element);
    if (find(slots, id) >= 0) return false;
    insert(element, id);
    return true;
  }

  /**
   * Puts {@code element} in the table, in place of the element with the same id if there is one.
   *
   * @return the element it replaced, or null if the table held none with that id
   */
  @SuppressWarnings("unchecked")
  public E put(E element) {
    UUID id = idOf(element);
    int i = find(slots, id);
    if (i >= 0) {
      E old = (E) slots[i];
      slots[i] = element;
      return old;
    }
    insert(element, id);
    return null;
  }

  /** Adds an element whose id the table does not hold, growing it first if it would be more than 3/4 full. */
  private void insert(E element, UUID id) {
    if (size + 1 > slots.length - (slots.length >>> 2)) resize(slots.length << 1);
    slots[freeSlot(slots, id)] = element;
    size++;
  }

  /**
   * Takes the element with id {@code id} out of the table.
   *
   * @return the element taken out, or null if the table held none with that id
   */
  @SuppressWarnings("unchecked")
  public E remove(UUID id) {
    int i = find(slots, Objects.requireNonNull(id, "id"));
    if (i < 0) return null;
    E old = (E) slots[i];
    deleteAt(i);
    size--;
    if (slots.length > MIN_CAPACITY && size < slots.length >>> 3) resize(slots.length >>> 1);
    return old;
  }

  /** Empties the table (and gives back its memory). */
  public void clear() {
    slots = new Object[MIN_CAPACITY];
    size = 0;
  }

  /** Runs {@code action} on each element, in no particular order; {@code action} must not change the table. */
  @SuppressWarnings("unchecked")
  public void forEach(Consumer<? super E> action) {
    for (Object o : slots) if (o != null) action.accept((E) o);
  }

  private UUID idOf(E element) {
    return Objects.requireNonNull(idOf.apply(Objects.requireNonNull(element, "element")), "id");
  }

  /**
   * A random key of this JVM that every id's hash depends on. An owner's holder index holds ids its holders chose (a
   * Grid makes its calls' ids), and linear probing has no defence against ids chosen to collide (a HashMap's bins turn
   * into trees): with a key the peer cannot know, it cannot choose them.
   */
  private static final long KEY = new SecureRandom().nextLong();

  /** An id's 64-bit hash, keyed by {@link #KEY}: every bit depends on every bit of the id (SplitMix64's finalizer). */
  static long hash(UUID id) {
    return HeldDigest.finalizer(
        HeldDigest.finalizer(id.getMostSignificantBits() ^ KEY) ^ id.getLeastSignificantBits());
  }

  /**
   * The slot where an id's probe starts: the low bits of its hash folded in halves (for a table of fewer than 2^24
   * slots, not the top eight bits, which {@link ConcurrentIdTable} uses to choose a table).
   */
  private static int home(UUID id, int mask) {
    long h = hash(id);
    return (int) (h ^ (h >>> 32)) & mask;
  }

  /** The slot holding the element with this id, or -1. */
  private int find(Object[] table, UUID id) {
    int mask = table.length - 1;
    for (int i = home(id, mask); ; i = (i + 1) & mask) {
      Object o = table[i];
      if (o == null) return -1;
      @SuppressWarnings("unchecked")
      E e = (E) o;
      if (idOf.apply(e).equals(id)) return i;
    }
  }

  /** The first empty slot of this id's probe (the table is never full: at most three quarters). */
  private static int freeSlot(Object[] table, UUID id) {
    int mask = table.length - 1;
    int i = home(id, mask);
    while (table[i] != null) i = (i + 1) & mask;
    return i;
  }

  /**
   * Empties slot {@code i} and moves back the elements after it whose probe passed through it (backward-shift
   * deletion): no tombstones, so a look-up never walks past slots of elements long gone.
   */
  @SuppressWarnings("unchecked")
  private void deleteAt(int i) {
    int mask = slots.length - 1;
    int hole = i;
    for (int j = (i + 1) & mask; slots[j] != null; j = (j + 1) & mask) {
      int home = home(idOf.apply((E) slots[j]), mask);
      // the element at j may move to the hole if its home is not in (hole, j], cyclically
      boolean reachable = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j);
      if (!reachable) {
        slots[hole] = slots[j];
        hole = j;
      }
    }
    slots[hole] = null;
  }

  @SuppressWarnings("unchecked")
  private void resize(int capacity) {
    Object[] resized = new Object[capacity];
    for (Object o : slots) if (o != null) resized[freeSlot(resized, idOf((E) o))] = o;
    slots = resized;
  }
}
