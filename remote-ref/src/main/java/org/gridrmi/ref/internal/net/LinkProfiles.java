package org.gridrmi.ref.internal.net;

import java.util.Locale;

/** Parses a link description: a profile name or explicit parameters. */
public final class LinkProfiles {
  private LinkProfiles() {}

  public static LinkShaper parse(String spec) {
    String s = spec == null ? "loopback" : spec.trim().toLowerCase(Locale.ROOT);
    if (s.isEmpty() || s.equals("loopback") || s.equals("none")) return LinkShaper.NONE;
    throw new IllegalArgumentException("unknown link '" + spec + "': expected loopback");
  }
}
