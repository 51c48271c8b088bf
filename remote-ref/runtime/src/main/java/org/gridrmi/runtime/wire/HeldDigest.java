package org.gridrmi.runtime.wire;

import java.io.Serializable;
import java.util.UUID;

/**
 * What one holder holds at one owner, in a constant size: how many value ids, and the sum (modulo 2^64) of a 64-bit
 * mix of each id. A holder's link keeps one of what it counts as held there, the owner one of what its holder index
 * says that holder holds; a renewal carries the holder's, and its answer the owner's ({@link Renewal}), so that either
 * side tells whether they agree without sending the set (renewal bytes do not grow with the values held). Both are kept
 * as ids come and go ({@link #with}, {@link #without}): a sum, not an exclusive or, so that an id added twice does not
 * cancel out, and order does not matter.
 *
 * <p>Equal digests do not prove equal sets (two sets of the same size could sum alike: about one chance in 2^64 for
 * sets that differ), so a mismatch is what starts a repair and agreement is taken as agreement. The mix is
 * SplitMix64's finalizer (Stafford's variant 13) of each half of the id, combined: a good 64-bit mixer, so that ids
 * that differ in one bit give unrelated terms.
 *
 * @param count how many ids the set holds
 * @param sum the sum of {@link #mix} over them, modulo 2^64
 */
public record HeldDigest(long count, long sum) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** The digest of no ids. */
  public static final HeldDigest EMPTY = new HeldDigest(0, 0);

  /** The digest with {@code id} added (the caller knows it was not in the set). */
  public HeldDigest with(UUID id) {
    return new HeldDigest(count + 1, sum + mix(id));
  }

  /** The digest with {@code id} taken out (the caller knows it was in the set). */
  public HeldDigest without(UUID id) {
    return new HeldDigest(count - 1, sum - mix(id));
  }

  /** The digest of these ids (each once). */
  public static HeldDigest of(Iterable<UUID> ids) {
    HeldDigest d = EMPTY;
    for (UUID id : ids) d = d.with(id);
    return d;
  }

  /** The term one id adds to {@link #sum}: a 64-bit mix of both its halves. */
  public static long mix(UUID id) {
    return finalizer(id.getMostSignificantBits() ^ finalizer(id.getLeastSignificantBits()));
  }

  /**
   * SplitMix64's finalizer (Stafford's mix 13): every bit of the result depends on every bit of {@code z}. Also what
   * hashes ids in the store's tables.
   */
  public static long finalizer(long z) {
    z = (z ^ (z >>> 30)) * 0xbf58476d1ce4e5b9L;
    z = (z ^ (z >>> 27)) * 0x94d049bb133111ebL;
    return z ^ (z >>> 31);
  }

  @Override
  public String toString() {
    return count + " ids, sum " + Long.toHexString(sum);
  }
}
