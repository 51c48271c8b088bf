package org.gridrmi.runtime.net;

import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.gridrmi.perf.UnitScales;

/**
 * The few units a link description needs, on perf-model's unit tables ({@link UnitScales}; KB = 1000 B), with
 * messages in the link spec's terms. Errors go through {@link LinkProfiles#bad} so they show the expected form.
 */
final class LinkUnits {
  private static final Pattern QUANTITY =
      Pattern.compile("([0-9]*\\.?[0-9]+(?:[eE][-+]?[0-9]+)?)\\s*([a-zA-Zµ/]+)");

  private LinkUnits() {}

  /** {@code 21ms}, {@code 200us}, {@code 0.5s}, {@code 1000ns} to nanoseconds. */
  static long parseNanos(String text, String spec) {
    Matcher m = match(text, spec, "delay");
    double scale = durationScale(m.group(2));
    if (Double.isNaN(scale))
      throw LinkProfiles.bad(spec, "unknown time unit in '" + text + "' (use ns, us, ms or s)");
    return Math.round(Double.parseDouble(m.group(1)) * scale * 1e9);
  }

  /** {@code 3MB/s}, {@code 100KB/s}, {@code 1GB/s} or a per-byte time such as {@code 323us/KB}, to bytes/second. */
  static double parseBytesPerSecond(String text, String spec) {
    Matcher m = match(text, spec, "bandwidth");
    double value = Double.parseDouble(m.group(1));
    String[] unit = m.group(2).split("/", -1);
    if (unit.length != 2)
      throw LinkProfiles.bad(spec, "'" + text + "' is not a rate (use e.g. 3MB/s or 323us/KB)");
    double size = sizeScale(unit[0]);
    double perTime = durationScale(unit[1]);
    if (!Double.isNaN(size) && !Double.isNaN(perTime)) {
      if (value == 0) throw LinkProfiles.bad(spec, "bandwidth must be positive");
      return value * size / perTime;
    }
    double time = durationScale(unit[0]);
    double perSize = sizeScale(unit[1]);
    if (!Double.isNaN(time) && !Double.isNaN(perSize)) {
      if (value == 0) return Double.POSITIVE_INFINITY;
      return perSize / (value * time);
    }
    throw LinkProfiles.bad(
        spec, "unknown rate unit in '" + text + "' (use e.g. 3MB/s or 323us/KB)");
  }

  private static Matcher match(String text, String spec, String what) {
    if (text.startsWith("-")) throw LinkProfiles.bad(spec, "negative " + what + " '" + text + "'");
    Matcher m = QUANTITY.matcher(text);
    if (!m.matches()) throw LinkProfiles.bad(spec, "malformed " + what + " '" + text + "'");
    return m;
  }

  private static double durationScale(String unit) {
    return UnitScales.seconds(unit);
  }

  private static double sizeScale(String unit) {
    return UnitScales.bytes(unit);
  }
}
