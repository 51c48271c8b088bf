package org.gridrmi.runtime.serial;

import java.util.Collection;
import org.apache.fory.Fory;
import org.apache.fory.memory.MemoryBuffer;
import org.apache.fory.resolver.ClassInfo;
import org.apache.fory.resolver.ClassInfoHolder;
import org.apache.fory.serializer.Serializer;

/**
 * The fast codec's form of a collection whose elements are all of one class, none null (a list of a user's
 * records). After the collection's count: {@link #GENERAL} and Fory's general form of the elements; or {@link #CLASS},
 * the first element's class (as Fory writes a class, so the reader's registrations, and with them its allowlist,
 * decide whether it is made), then {@link #SAME_CLASS} and each element by that class's serializer, or
 * {@link #GENERAL} and Fory's general form. Fory's general form checks every element's class and nullness in a first
 * pass before it writes any (about a fifth of a list of records' write); this form writes in one pass and, at the
 * first element that does not fit, has the writer rewind to the form byte after the class and write the general form
 * there. Not before the class: Fory writes a class's name once per stream and refers to it after, so the class stays
 * where it was written.
 */
final class ListRuns {
  /** The forms: Fory's general one, the first element's class (then a second form), and the run of one class. */
  static final byte GENERAL = 0, CLASS = 1, SAME_CLASS = 2;

  private ListRuns() {}

  /**
   * Writes {@code c}'s form and elements (after its count, which the caller wrote) at the buffer's writer index.
   *
   * @param general writes the elements in Fory's general form
   * @throws RuntimeException Fory's, for a class it does not write (not registered, refused), as its general form
   *     throws it
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static void write(
      Fory fory, MemoryBuffer buffer, Collection<?> c, ClassInfoHolder cache, Runnable general) {
    Object first = c.isEmpty() ? null : c.iterator().next();
    if (first == null) {
      buffer.writeByte(GENERAL);
      if (!c.isEmpty()) general.run();
      return;
    }
    Class<?> type = first.getClass();
    ClassInfo info = fory.getClassResolver().getClassInfo(type, cache);
    buffer.writeByte(CLASS);
    fory.getClassResolver().writeClassInfo(buffer, info);
    int form = buffer.writerIndex();
    buffer.writeByte(SAME_CLASS);
    Serializer serializer = info.getSerializer();
    for (Object e : c) {
      if (e == null || e.getClass() != type) {
        buffer.writerIndex(form);
        buffer.writeByte(GENERAL);
        general.run();
        return;
      }
      serializer.write(buffer, e);
    }
  }

  /**
   * Reads {@code count} elements (the caller read the count) into {@code c}.
   *
   * @param general reads the elements in Fory's general form
   * @throws IllegalArgumentException a form this node does not know
   * @throws RuntimeException Fory's refusal of a class not registered here, by name
   */
  @SuppressWarnings({"unchecked", "rawtypes"})
  static void read(
      Fory fory,
      MemoryBuffer buffer,
      int count,
      Collection c,
      ClassInfoHolder cache,
      Runnable general) {
    byte form = buffer.readByte();
    Serializer serializer = null;
    if (form == CLASS) {
      serializer = fory.getClassResolver().readClassInfo(buffer, cache).getSerializer();
      form = buffer.readByte();
      if (form == SAME_CLASS) {
        for (int i = 0; i < count; i++) c.add(serializer.read(buffer));
        return;
      }
    }
    if (form != GENERAL) {
      throw new IllegalArgumentException(
          "a collection's elements in form " + form + ", which this node does not know");
    }
    if (count != 0) general.run();
  }
}
