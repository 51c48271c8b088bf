package org.gridrmi.benchmarks;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongSupplier;
import java.util.function.Supplier;
import org.gridrmi.benchmarks.values.Shapes;

/**
 * The least any codec must do with a value of one of {@code gridrmi bench values}' shapes, timed beside the codecs
 * ({@link ValueThroughput}): a writer must read every field of every element, and a reader must make every object of
 * the value. The floor's write reads the fields and keeps nothing; its read makes an equal value from the fields laid
 * out in arrays beforehand, so no encoding or decoding is counted. Java serialization's time over the floor's is the
 * most any codec's speedup can be on the machine that measured it: a goal above it is met by no codec, only by a
 * smaller value or a faster machine.
 *
 * <p>For the record list and the string map, the shapes the speedup goal names. The strings are Latin-1, as the
 * shapes' are, so that the floor's read makes each one by a copy of its bytes, the least a reader does.
 */
final class ValueFloor {
  private final LongSupplier touch;
  private final Supplier<Object> make;

  private ValueFloor(LongSupplier touch, Supplier<Object> make) {
    this.touch = touch;
    this.make = make;
  }

  /**
   * The floor of {@code value}, a value of {@code shape}; null for a shape it is not measured for.
   *
   * @throws IllegalArgumentException if a string of the value is not Latin-1
   */
  @SuppressWarnings("unchecked")
  static ValueFloor of(String shape, Object value) {
    return switch (shape) {
      case "records" -> records((List<Shapes.Item>) value);
      case "strings" -> strings((Map<String, Integer>) value);
      default -> null;
    };
  }

  /** Reads every field of the value; returns a sum of them, which the caller keeps so that the reads are made. */
  long write() {
    return touch.getAsLong();
  }

  /** Makes a value equal to the one this floor was made of. */
  Object read() {
    return make.get();
  }

  private static ValueFloor records(List<Shapes.Item> items) {
    int n = items.size();
    int[] ids = new int[n];
    double[] prices = new double[n];
    Latin1 names = new Latin1(n);
    for (int i = 0; i < n; i++) {
      Shapes.Item it = items.get(i);
      ids[i] = it.id();
      prices[i] = it.price();
      names.add(it.name());
    }
    return new ValueFloor(
        () -> {
          long sum = 0;
          for (Shapes.Item it : items) {
            String name = it.name();
            sum += it.id() + Double.doubleToRawLongBits(it.price()) + lastChar(name);
          }
          return sum;
        },
        () -> {
          ArrayList<Shapes.Item> back = new ArrayList<>(n);
          for (int i = 0; i < n; i++) back.add(new Shapes.Item(ids[i], names.make(i), prices[i]));
          return back;
        });
  }

  private static ValueFloor strings(Map<String, Integer> map) {
    int n = map.size();
    Latin1 keys = new Latin1(n);
    int[] values = new int[n];
    int i = 0;
    for (Map.Entry<String, Integer> e : map.entrySet()) {
      keys.add(e.getKey());
      values[i++] = e.getValue();
    }
    return new ValueFloor(
        () -> {
          long sum = 0;
          for (Map.Entry<String, Integer> e : map.entrySet()) {
            String key = e.getKey();
            sum += lastChar(key) + e.getValue();
          }
          return sum;
        },
        () -> {
          // sized as the fast codec sizes a map it reads (over n / 0.75): neither rehashes
          HashMap<String, Integer> back = new HashMap<>(n * 4 / 3 + 1);
          for (int j = 0; j < n; j++) back.put(keys.make(j), values[j]);
          return back;
        });
  }

  /** A string's length and last char: reads its length and its bytes' array (an empty string adds nothing). */
  private static long lastChar(String s) {
    int n = s.length();
    return n == 0 ? 0 : n + s.charAt(n - 1);
  }

  /** Strings' Latin-1 bytes, one after another, and where each starts. */
  private static final class Latin1 {
    private byte[] bytes = new byte[64];
    private final int[] start;
    private int count;

    Latin1(int n) {
      start = new int[n + 1];
    }

    void add(String s) {
      byte[] b = s.getBytes(StandardCharsets.ISO_8859_1);
      if (!new String(b, StandardCharsets.ISO_8859_1).equals(s)) {
        throw new IllegalArgumentException(
            "the floor is measured for Latin-1 strings; \"" + s + "\" is not one");
      }
      int at = start[count];
      if (at + b.length > bytes.length) {
        bytes = java.util.Arrays.copyOf(bytes, Math.max(2 * bytes.length, at + b.length));
      }
      System.arraycopy(b, 0, bytes, at, b.length);
      start[++count] = at + b.length;
    }

    String make(int i) {
      return new String(bytes, start[i], start[i + 1] - start[i], StandardCharsets.ISO_8859_1);
    }
  }
}
