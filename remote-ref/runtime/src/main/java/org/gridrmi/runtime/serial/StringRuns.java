package org.gridrmi.runtime.serial;

import java.util.Map;
import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;

/**
 * The fast codec's form of the commonest maps of users' values, {@code String} to {@code Integer} and {@code String}
 * to {@code String}: after the map's count, a form byte, then each entry's key and value in a run, with no type
 * information per entry. Fory's general form writes a header per chunk of entries and looks up each key's and
 * value's serializer; a map of 100,000 strings read and written that way took half again as long.
 *
 * <p>The form is chosen only when every key is a {@code String} and every value of one of the two classes (none
 * null): the writer tries it and, at the first entry that does not fit, rewinds and writes the general form. Only
 * JDK classes are made, so the allowlist is not involved; every string's length is checked against the bytes left
 * before its bytes are allocated.
 */
final class StringRuns {
  /** The entries' forms: Fory's general one, and the runs. */
  static final byte GENERAL = 0, STRING_INTS = 1, STRING_STRINGS = 2;

  /** Fory's string header: the byte length, shifted past the two bits of the coder (Latin-1, UTF-16, UTF-8). */
  private static final int CODER_BITS = 2;

  private StringRuns() {}

  /**
   * Writes the count, the form and the runs of {@code map} at the buffer's writer index, if every entry fits one
   * form; else returns false, the buffer's content past its writer index at the call undefined (rewind it).
   */
  static boolean write(Fory fory, MemoryBuffer buffer, Map<?, ?> map) {
    if (map.isEmpty()) return false;
    Map.Entry<?, ?> first = map.entrySet().iterator().next();
    byte form = !(first.getKey() instanceof String)
        ? GENERAL
        : first.getValue() instanceof Integer
            ? STRING_INTS
            : first.getValue() instanceof String ? STRING_STRINGS : GENERAL;
    if (form == GENERAL) return false;
    buffer.writeVarUint32Small7(map.size());
    buffer.writeByte(form);
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (!(e.getKey() instanceof String key)) return false;
      Object value = e.getValue();
      if (form == STRING_INTS) {
        if (!(value instanceof Integer i)) return false;
        fory.writeJavaString(buffer, key);
        buffer.writeVarInt32(i);
      } else {
        if (!(value instanceof String s)) return false;
        fory.writeJavaString(buffer, key);
        fory.writeJavaString(buffer, s);
      }
    }
    return true;
  }

  /**
   * Reads {@code count} entries of {@code form} into {@code map}.
   *
   * @throws FastCodec.CountGuard.Overrun a string longer than the bytes left
   * @throws IllegalArgumentException a form this node does not know
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static void read(Fory fory, MemoryBuffer buffer, byte form, int count, Map map) {
    switch (form) {
      case STRING_INTS -> {
        for (int i = 0; i < count; i++) map.put(string(fory, buffer), buffer.readVarInt32());
      }
      case STRING_STRINGS -> {
        for (int i = 0; i < count; i++) map.put(string(fory, buffer), string(fory, buffer));
      }
      default ->
        throw new IllegalArgumentException(
            "a map's entries in form " + form + ", which this node does not know");
    }
  }

  /** A string, its length checked against the bytes left before Fory allocates it. */
  private static String string(Fory fory, MemoryBuffer buffer) {
    int at = buffer.readerIndex();
    long bytes = buffer.readVarUint36Small() >>> CODER_BITS;
    if (bytes > buffer.remaining()) {
      throw new FastCodec.CountGuard.Overrun("a string in a fast-codec map claims " + bytes
          + " bytes with only " + buffer.remaining() + " bytes left");
    }
    buffer.readerIndex(at);
    return fory.readJavaString(buffer);
  }
}
