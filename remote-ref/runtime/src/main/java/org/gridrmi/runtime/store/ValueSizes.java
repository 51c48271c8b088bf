package org.gridrmi.runtime.store;

import java.io.IOException;
import java.io.NotSerializableException;
import java.io.ObjectOutputStream;
import org.gridrmi.runtime.serial.Codecs;

/**
 * What a value counts for in a store: its codec's size (the bytes it moves as; known at once for arrays, matrices and
 * the JDK values; the fast codec's encoded bytes for users' records, POJOs and collections, or the bytes one just arrived as), else the length of its Java serialization, counted without keeping the bytes. Counted once per
 * value, when it is stored.
 */
public final class ValueSizes {
  /** A value that cannot be serialized: it can neither move nor spill, so it stays in memory, uncounted. */
  static final long UNMEASURABLE = -1;

  private ValueSizes() {}

  /** An output stream that keeps nothing: it counts. */
  private static final class Counter extends java.io.OutputStream {
    long count;

    @Override
    public void write(int b) {
      count++;
    }

    @Override
    public void write(byte[] b, int off, int len) {
      count += len;
    }
  }

  public static long of(Object value) {
    if (value == null) return 0;
    // a value just received by the fast codec counts the bytes it arrived as: encoding it again
    // cost the receiving server as much as writing it had cost the sender
    long asRead = Codecs.takeSizeAsRead(value);
    if (asRead >= 0) return asRead;
    // the fast codec's size for users' types: counting by Java serialization would cost a server
    // more than moving the value
    long coded = Codecs.size(value);
    if (coded >= 0) return coded;
    Counter counter = new Counter();
    try (ObjectOutputStream out = new ObjectOutputStream(counter)) {
      out.writeObject(value);
    } catch (NotSerializableException e) {
      return UNMEASURABLE;
    } catch (IOException e) {
      return UNMEASURABLE; // a writeObject of its own that fails: it cannot move either
    }
    return counter.count;
  }
}
