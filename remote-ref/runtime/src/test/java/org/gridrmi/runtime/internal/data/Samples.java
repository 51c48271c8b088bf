package org.gridrmi.runtime.internal.data;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

import java.io.Serializable;
import java.lang.reflect.Array;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.function.IntFunction;

/**
 * Values for round trips, made from a seed, and a comparison that checks every bit (a NaN payload that changed on
 * the way fails it, as would -0.0 turned into 0.0).
 */
final class Samples {
  /** Quiet NaNs with payloads, positive and negative: what a bit-exact codec must keep. */
  static final long[] NAN_DOUBLES = {
    0x7ff8_0000_dead_beefL, 0xfff8_0000_0000_0001L, 0x7fff_ffff_ffff_ffffL
  };

  static final int[] NAN_FLOATS = {0x7fc0_1234, 0xffc0_0001, 0x7fff_ffff};

  private Samples() {}

  /** A value kind with its codec's id ("" for Java serialization), element size and maker. */
  record Kind(String codec, int elementBytes, IntFunction<Object> make) {
    @Override
    public String toString() {
      return codec.isEmpty() ? "java-serialized" : codec;
    }
  }

  /** Every JDK codec with a length, and a Serializable value that has no codec. */
  static List<Kind> sized() {
    return List.of(
        new Kind("jdk.bytes", 1, Samples::bytes),
        new Kind("jdk.doubles", Double.BYTES, Samples::doubles),
        new Kind("jdk.floats", Float.BYTES, Samples::floats),
        new Kind("jdk.ints", Integer.BYTES, n -> new Random(n).ints(n).toArray()),
        new Kind("jdk.longs", Long.BYTES, n -> new Random(n).longs(n).toArray()),
        new Kind("jdk.double-rows", Double.BYTES, Samples::rows),
        new Kind("jdk.string", 1, Samples::text),
        new Kind("", 1, n -> new Blob("blob of " + n, bytes(n))));
  }

  static byte[] bytes(int n) {
    byte[] b = new byte[n];
    new Random(n).nextBytes(b);
    return b;
  }

  /** Random bits (every exponent, so subnormals and infinities too), NaN payloads at both ends and in the middle. */
  static double[] doubles(int n) {
    Random r = new Random(n);
    double[] a = new double[n];
    for (int i = 0; i < n; i++) a[i] = Double.longBitsToDouble(r.nextLong());
    for (int i = 0; i < n && i < NAN_DOUBLES.length; i++) {
      a[i] = Double.longBitsToDouble(NAN_DOUBLES[i]);
      a[n - 1 - i] = Double.longBitsToDouble(NAN_DOUBLES[i]);
      a[n / 2] = -0.0;
    }
    return a;
  }

  static float[] floats(int n) {
    Random r = new Random(n);
    float[] a = new float[n];
    for (int i = 0; i < n; i++) a[i] = Float.intBitsToFloat(r.nextInt());
    for (int i = 0; i < n && i < NAN_FLOATS.length; i++) {
      a[i] = Float.intBitsToFloat(NAN_FLOATS[i]);
      a[n - 1 - i] = Float.intBitsToFloat(NAN_FLOATS[i]);
    }
    return a;
  }

  /** {@code n} doubles in jagged rows, with a null row and an empty one between them. */
  static double[][] rows(int n) {
    double[] all = doubles(n);
    int first = n / 3;
    return new double[][] {
      Arrays.copyOfRange(all, 0, first),
      null,
      new double[0],
      Arrays.copyOfRange(all, first, n),
      null
    };
  }

  /** {@code n} bytes of UTF-8: ASCII, then as many 3-byte characters as fit, then ASCII up to {@code n}. */
  static String text(int n) {
    StringBuilder s = new StringBuilder();
    int bytes = 0;
    for (int i = 0; bytes < n; i++) {
      if (i % 5 == 0 && n - bytes >= 3) {
        s.append('\u20ac'); // euro sign: 3 bytes in UTF-8
        bytes += 3;
      } else {
        s.append((char) ('a' + i % 26));
        bytes++;
      }
    }
    assertThat(s.toString().getBytes(StandardCharsets.UTF_8)).hasSize(n);
    return s.toString();
  }

  /** A Serializable value with no codec: travels by Java serialization. */
  record Blob(String name, byte[] data) implements Serializable {
    @Override
    public boolean equals(Object o) {
      return o instanceof Blob b && b.name.equals(name) && Arrays.equals(b.data, data);
    }

    @Override
    public int hashCode() {
      return name.hashCode();
    }

    @Override
    public String toString() {
      return name;
    }
  }

  /** Fails with the first difference, bit for bit (arrays of arrays row by row; boxed doubles by their bits). */
  static void assertBitExact(Object actual, Object expected) {
    compare(actual, expected, "value");
  }

  private static void compare(Object actual, Object expected, String where) {
    if (expected == null || actual == null) {
      assertThat(actual).as(where).isSameAs(expected);
      return;
    }
    assertThat(actual.getClass()).as(where).isEqualTo(expected.getClass());
    if (expected instanceof Double d) {
      assertThat(Double.doubleToRawLongBits((Double) actual))
          .as(where)
          .isEqualTo(Double.doubleToRawLongBits(d));
    } else if (expected instanceof Float f) {
      assertThat(Float.floatToRawIntBits((Float) actual))
          .as(where)
          .isEqualTo(Float.floatToRawIntBits(f));
    } else if (!expected.getClass().isArray()) {
      assertThat(actual).as(where).isEqualTo(expected);
    } else {
      int n = Array.getLength(expected);
      assertThat(Array.getLength(actual)).as(where + " length").isEqualTo(n);
      for (int i = 0; i < n; i++) {
        Object a = Array.get(actual, i);
        Object e = Array.get(expected, i);
        if (e != null && e.getClass().isArray()) {
          compare(a, e, where + "[" + i + "]");
        } else if (!Arrays.equals(new Object[] {rawBits(a)}, new Object[] {rawBits(e)})) {
          fail("%s[%d]: expected bits %s, got %s", where, i, rawBits(e), rawBits(a));
        }
      }
    }
  }

  private static Object rawBits(Object o) {
    if (o instanceof Double d) return Long.toHexString(Double.doubleToRawLongBits(d));
    if (o instanceof Float f) return Integer.toHexString(Float.floatToRawIntBits(f));
    return o;
  }
}
