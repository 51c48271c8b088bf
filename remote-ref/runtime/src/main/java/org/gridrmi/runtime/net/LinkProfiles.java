package org.gridrmi.runtime.net;

import java.util.Locale;

/**
 * Parses a link description into a {@link LinkShaper}: a profile name or explicit parameters.
 *
 * <ul>
 *   <li>{@code loopback} (also {@code none} or empty): no shaping, {@link LinkShaper#NONE};
 *   <li>{@code lan}: 0.2 ms one-way per message, 100 MB/s;
 *   <li>{@code paper-wan}: the testbed of the paper, t_s = 21 ms one-way per message and t_w = 323 us per KB,
 *       i.e. 1000 B / 323 us = 3.10 MB/s;
 *   <li>explicit {@code delay=21ms,bw=3MB/s} (either part may be left out; {@code bw} also accepts a per-byte time
 *       such as {@code 323us/KB}).
 * </ul>
 *
 * <p>Units: KB = 1000 B, MB = 10^6 B (KiB/MiB are 1024-based), the same convention as the performance model,
 * so {@code t_w = 1 / bw} holds between the two without a conversion factor.
 */
public final class LinkProfiles {
  /** The expected form, quoted in every error message. */
  public static final String EXPECTED =
      "expected loopback, lan, paper-wan or delay=<duration>,bw=<rate> such as delay=21ms,bw=3MB/s";

  private LinkProfiles() {}

  /**
   * Parses a link description.
   *
   * @param spec a profile name or {@code delay=..,bw=..}; {@code null} means loopback
   * @return the shaper, {@link LinkShaper#NONE} for loopback
   * @throws IllegalArgumentException naming the bad part and the expected form
   */
  public static LinkShaper parse(String spec) {
    String s = spec == null ? "loopback" : spec.trim().toLowerCase(Locale.ROOT);
    switch (s) {
      case "", "loopback", "none":
        return LinkShaper.NONE;
      case "lan":
        return new EmulatedLink("lan", 200_000L, 100e6);
      case "paper-wan":
        return new EmulatedLink("paper-wan", 21_000_000L, 1000 / 323e-6);
      default:
        return parseExplicit(spec.trim());
    }
  }

  private static LinkShaper parseExplicit(String spec) {
    if (!spec.contains("="))
      throw new IllegalArgumentException("unknown link profile '" + spec + "'; " + EXPECTED);
    Long delay = null;
    Double bw = null;
    for (String part : spec.split(",", -1)) {
      int eq = part.indexOf('=');
      String key = eq < 0 ? part.trim() : part.substring(0, eq).trim().toLowerCase(Locale.ROOT);
      String value = eq < 0 ? "" : part.substring(eq + 1).trim();
      if (eq < 0 || value.isEmpty()) throw bad(spec, "'" + part.trim() + "' has no value");
      switch (key) {
        case "delay" -> {
          if (delay != null) throw bad(spec, "delay given twice");
          delay = LinkUnits.parseNanos(value, spec);
        }
        case "bw", "tw" -> {
          if (bw != null) throw bad(spec, "bandwidth given twice");
          bw = LinkUnits.parseBytesPerSecond(value, spec);
        }
        default -> throw bad(spec, "unknown key '" + key + "'");
      }
    }
    long d = delay == null ? 0 : delay;
    double b = bw == null ? Double.POSITIVE_INFINITY : bw;
    if (d == 0 && Double.isInfinite(b)) return LinkShaper.NONE;
    return new EmulatedLink("custom", d, b);
  }

  static IllegalArgumentException bad(String spec, String what) {
    return new IllegalArgumentException("bad link '" + spec + "': " + what + "; " + EXPECTED);
  }
}
