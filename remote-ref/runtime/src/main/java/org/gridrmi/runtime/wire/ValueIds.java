package org.gridrmi.runtime.wire;

import java.security.SecureRandom;
import java.util.UUID;

/**
 * Value ids: 127 random bits and one that says who writes the value. A call's result is written by the server that
 * runs the call; a put's value by the client that put it, which may push copies of it to servers ({@link
 * Command.Replica}). Keeping the two apart in the id itself lets a server refuse a replica that names a call's
 * result before that call has even arrived, so that nobody who learned a pending id can write the value its readers
 * will get. Ids are read capabilities: who knows one may read the value, so they are never guessable.
 */
public final class ValueIds {
  private static final SecureRandom RANDOM = new SecureRandom();
  /** The lowest bit of the id's second half: set for a put's value, clear for a call's result. */
  private static final long PUT_BIT = 1L;

  private ValueIds() {}

  /** A new id for the result of a call. */
  public static UUID forCall() {
    return new UUID(RANDOM.nextLong(), RANDOM.nextLong() & ~PUT_BIT);
  }

  /** A new id for a value a client puts. */
  public static UUID forPut() {
    return new UUID(RANDOM.nextLong(), RANDOM.nextLong() | PUT_BIT);
  }

  /** Whether {@code id} names a put's value, which its client may push as a replica. */
  public static boolean isPut(UUID id) {
    return (id.getLeastSignificantBits() & PUT_BIT) != 0;
  }

  /**
   * The first 8 hex digits of {@code id} and "…": enough to tell values apart in a message, too few to read one. A value
   * id is a read capability (whoever has it may fetch the value), so every log line, trace attribute and message
   * that may be logged names a value by this form only.
   */
  public static String shortForm(UUID id) {
    return id.toString().substring(0, 8) + "…";
  }
}
