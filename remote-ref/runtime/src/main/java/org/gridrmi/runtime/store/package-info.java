/**
 * Where a node keeps its values: write-once slots, the holds and leases that keep each value alive, and the store
 * that keeps values in memory within a budget and spills the rest to disk. Used by GridRMI's own modules only
 * (client-api, server-runtime, the benchmarks).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link ConcurrentIdTable}: a thread-safe {@link IdTable}, each id updated atomically (a Grid's count of its
 *       reference objects).
 *   <li>{@link HeldIds}: the value ids one holder holds at one owner, with their digest, kept together (both sides of
 *       a renewal keep one).
 *   <li>{@link IdTable}: elements keyed by the value id each carries, in one array with no entry object per element
 *       (what keeps a client's per-reference and an owner's per-value bookkeeping small).
 *   <li>{@link ReleaseCounts}: how many holds on a node's values ended, by cause, and the leases renewed and lapsed.
 *   <li>{@link Slot}: one value of a node: set exactly once, to a value or a failure, and held by a set of holders.
 *   <li>{@link StoreBudget}: how much a node's store may keep in memory and on disk, and where it spills.
 *   <li>{@link ValueIo}: how a store writes its values to disk and reads them back (the codecs, with the node's
 *       filters and holds).
 *   <li>{@link ValueSizes}: what a value counts for in a store: its codec's size, else the length of its Java
 *       serialization.
 *   <li>{@link ValueStore}: keeps a node's values within its budget: in memory up to a limit, the least recently
 *       used spilled to disk.
 *   <li>{@link ValueTable}: the values one node holds and the holds that keep them: a value lives while a holder
 *       keeps it or a borrower waits for it.
 * </ul>
 */
package org.gridrmi.runtime.store;
