package org.gridrmi.perf;

import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Parses and prints the model's quantities. Internally everything is SI: seconds, bytes, and seconds per byte for
 * t_w. Decimal prefixes are powers of 1000 (KB = 1000 B, MB = 10^6 B), binary ones powers of 1024 (KiB, MiB, GiB),
 * the same convention as the link emulation, so {@code 323us/KB} and {@code 3.096MB/s} describe the same link.
 *
 * <p>Every parse error is an {@link IllegalArgumentException} whose message names the text and the expected form,
 * such as {@code negative duration '-5ms'; expected a duration such as 21ms, 323us or 0.5s}.
 */
public final class Units {
  public static final String DURATION_FORM = "a duration such as 21ms, 323us or 0.5s";
  public static final String SIZE_FORM = "a size such as 100KB, 1MB, 10B or 1KiB";
  public static final String RATE_FORM = "a rate such as 323us/KB or 3MB/s";

  private static final Pattern QUANTITY =
      Pattern.compile("([-+]?(?:[0-9]+\\.?[0-9]*|\\.[0-9]+)(?:[eE][-+]?[0-9]+)?)\\s*(\\S*)");

  private Units() {}

  /** {@code 21ms}, {@code 323us} ({@code µs}), {@code 0.5s}, {@code 500 ms}, {@code 1000ns}, {@code 2min}: seconds. */
  public static double parseDuration(String text) {
    Matcher m = quantity(text, "duration", DURATION_FORM);
    double scale = durationScale(m.group(2));
    if (Double.isNaN(scale)) throw unit(text, "duration", DURATION_FORM);
    return Double.parseDouble(m.group(1)) * scale;
  }

  /** {@code 100KB}, {@code 1MB}, {@code 10B}, {@code 1KiB}, or a bare number of bytes: bytes. */
  public static double parseSize(String text) {
    Matcher m = quantity(text, "size", SIZE_FORM);
    double scale = m.group(2).isEmpty() ? 1 : sizeScale(m.group(2));
    if (Double.isNaN(scale)) throw unit(text, "size", SIZE_FORM);
    return Double.parseDouble(m.group(1)) * scale;
  }

  /**
   * A transmission time per size ({@code 323us/KB}, {@code 1us/B}) or a bandwidth ({@code 3MB/s}, {@code 100KB/s}):
   * t_w in seconds per byte. A bandwidth must be positive; an infinite one is written {@code 0us/B}.
   */
  public static double parseRate(String text) {
    Matcher m = quantity(text, "rate", RATE_FORM);
    double v = Double.parseDouble(m.group(1));
    String[] u = m.group(2).split("/", -1);
    if (u.length == 2) {
      double time = durationScale(u[0]);
      double size = sizeScale(u[1]);
      if (!Double.isNaN(time) && !Double.isNaN(size)) return v * time / size;
      size = sizeScale(u[0]);
      time = durationScale(u[1]);
      if (!Double.isNaN(time) && !Double.isNaN(size)) {
        if (v == 0)
          throw new IllegalArgumentException(
              "zero bandwidth '" + text + "'; expected " + RATE_FORM);
        return time / (v * size);
      }
    }
    throw unit(text, "rate", RATE_FORM);
  }

  /** Seconds as {@code 21 ms}, {@code 1.18 s}, {@code 323 us}. */
  public static String formatDuration(double seconds) {
    double a = Math.abs(seconds);
    if (a == 0) return "0 ms";
    if (a < 1e-3) return num(seconds * 1e6) + " us";
    if (a < 10) return num(seconds * 1e3) + " ms";
    return num(seconds) + " s";
  }

  /** Bytes as {@code 100 KB}, {@code 32 B}, {@code 1.5 MB} (decimal prefixes). */
  public static String formatSize(double bytes) {
    double a = Math.abs(bytes);
    if (a < 1e3) return num(bytes) + " B";
    if (a < 1e6) return num(bytes / 1e3) + " KB";
    if (a < 1e9) return num(bytes / 1e6) + " MB";
    return num(bytes / 1e9) + " GB";
  }

  /** t_w (seconds per byte) as {@code 323 us/KB}. */
  public static String formatRate(double secondsPerByte) {
    return num(secondsPerByte * 1e9) + " us/KB";
  }

  /** Up to 4 significant digits, no trailing zeros, {@link Locale#ROOT}. */
  static String num(double v) {
    if (v == Math.rint(v) && Math.abs(v) < 1e15) return Long.toString((long) v);
    String s = String.format(Locale.ROOT, "%.4g", v);
    if (s.contains("e")) return s;
    return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
  }

  private static Matcher quantity(String text, String what, String form) {
    String t = text == null ? "" : text.trim();
    Matcher m = QUANTITY.matcher(t);
    if (!m.matches())
      throw new IllegalArgumentException("malformed " + what + " '" + text + "'; expected " + form);
    double v = Double.parseDouble(m.group(1));
    if (v < 0 || t.startsWith("-")) {
      throw new IllegalArgumentException("negative " + what + " '" + text + "'; expected " + form);
    }
    if (Double.isInfinite(v))
      throw new IllegalArgumentException(what + " too large '" + text + "'; expected " + form);
    return m;
  }

  private static IllegalArgumentException unit(String text, String what, String form) {
    return new IllegalArgumentException(
        "unknown or missing " + what + " unit in '" + text + "'; expected " + form);
  }

  private static double durationScale(String u) {
    return UnitScales.seconds(u);
  }

  private static double sizeScale(String u) {
    return UnitScales.bytes(u); // sizes here are always bytes, so "kb" is accepted as KB
  }
}
