package org.gridrmi.perf;

import java.util.Locale;

/**
 * The unit tables shared by the cost model's calculator ({@link Units}), the runtime's link specs and the server's
 * size options: KB = 1000 B, KiB = 1024 B. Here because perf-model is the module below the runtime that depends on
 * the JDK only.
 */
public final class UnitScales {
  private UnitScales() {}

  /** Seconds per time unit ({@code ns, us, ms, s, sec, min}), NaN if unknown. */
  public static double seconds(String unit) {
    return switch (unit.toLowerCase(Locale.ROOT)) {
      case "ns" -> 1e-9;
      case "us", "µs", "μs" -> 1e-6;
      case "ms" -> 1e-3;
      case "s", "sec" -> 1;
      case "min" -> 60;
      default -> Double.NaN;
    };
  }

  /** Bytes per size unit ({@code B, KB, MB, GB, KiB, MiB, GiB}, any case), NaN if unknown. */
  public static double bytes(String unit) {
    return switch (unit.toLowerCase(Locale.ROOT)) {
      case "b" -> 1;
      case "kb" -> 1e3;
      case "mb" -> 1e6;
      case "gb" -> 1e9;
      case "kib" -> 1024;
      case "mib" -> 1024 * 1024;
      case "gib" -> 1024.0 * 1024 * 1024;
      default -> Double.NaN;
    };
  }

  /** The form {@link #parseBytes} accepts, for messages. */
  public static final String SIZE_FORM = "a size such as 512MB, 2GB, 1GiB or 1000000 (bytes)";

  /**
   * {@code 512MB}, {@code 2GB}, {@code 1.5GiB}, {@code 100KB} or a bare number of bytes: bytes, rounded down.
   *
   * @throws IllegalArgumentException naming the text and {@link #SIZE_FORM} for anything else, or a negative size
   */
  public static long parseBytes(String text) {
    java.util.regex.Matcher m = java.util.regex.Pattern.compile(
            "\\s*([0-9]+\\.?[0-9]*|\\.[0-9]+)\\s*([A-Za-z]*)\\s*")
        .matcher(text == null ? "" : text);
    double scale = m.matches() ? (m.group(2).isEmpty() ? 1 : bytes(m.group(2))) : Double.NaN;
    if (Double.isNaN(scale))
      throw new IllegalArgumentException("'" + text + "' is not a size; expected " + SIZE_FORM);
    double v = Double.parseDouble(m.group(1)) * scale;
    if (v >= Long.MAX_VALUE)
      throw new IllegalArgumentException("'" + text + "' is too large; expected " + SIZE_FORM);
    return (long) v;
  }
}
