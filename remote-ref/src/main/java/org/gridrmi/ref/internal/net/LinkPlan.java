package org.gridrmi.ref.internal.net;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The emulated link of each destination one instance connects to: one profile for every peer ({@code lan},
 * {@code delay=21ms,bw=3MB/s}), or rules by peer address: {@code default=lan,127.0.0.1:5003=paper-wan,
 * 127.0.0.1:5004=drop}. {@code drop} is a network partition: a connection to that peer is never made (it times out
 * as a connection to an unreachable host does). Rules name the peer's {@code host:port}, the address in its
 * {@code rmi://} URL; connections it accepts use the default, since their remote port names no node.
 */
public final class LinkPlan {
  /** The plan of no emulation at all. */
  public static final LinkPlan NONE = new LinkPlan(LinkShaper.NONE, Map.of());
  private static final Set<String> PROFILE_KEYS = Set.of("delay", "bw", "tw");
  private static final String DROP = "drop";
  private static final String EXPECTED = "expected a profile (loopback, lan, paper-wan, delay=21ms,bw=3MB/s) or rules "
      + "default=PROFILE,HOST:PORT=PROFILE,... where a rule's PROFILE is a named one or drop";
  private final LinkShaper fallback;
  /** host:port to its shaper, or null for a dropped peer. */
  private final Map<String, LinkShaper> rules;

  private LinkPlan(LinkShaper fallback, Map<String, LinkShaper> rules) {
    this.fallback = fallback;
    this.rules = rules;
  }

  /** One profile for every peer. */
  public static LinkPlan of(LinkShaper shaper) {
    return new LinkPlan(shaper, Map.of());
  }

  /**
   * Parses a plan.
   *
   * @throws IllegalArgumentException naming the bad part and the expected forms
   */
  public static LinkPlan parse(String spec) {
    if (spec == null || !isRules(spec)) return of(LinkProfiles.parse(spec));
    LinkShaper fallback = LinkShaper.NONE;
    Map<String, LinkShaper> rules = new LinkedHashMap<>();
    for (String part : spec.split(",")) {
      int eq = part.indexOf('=');
      String key = eq < 0 ? part.trim() : part.substring(0, eq).trim();
      String profile = eq < 0 ? "" : part.substring(eq + 1).trim();
      if (key.isEmpty() || profile.isEmpty()) throw bad(spec, "'" + part.trim() + "' is not KEY=PROFILE");
      LinkShaper shaper = profile.equalsIgnoreCase(DROP) ? null : named(spec, profile);
      if (key.equalsIgnoreCase("default")) {
        if (shaper == null) throw bad(spec, "the default cannot be drop");
        fallback = shaper;
      } else if (key.matches("[^:\\s]+:[0-9]{1,5}")) {
        rules.put(key.toLowerCase(Locale.ROOT), shaper);
      } else {
        throw bad(spec, "'" + key + "' is neither default nor a peer's HOST:PORT");
      }
    }
    return new LinkPlan(fallback, java.util.Collections.unmodifiableMap(rules));
  }

  private static boolean isRules(String spec) {
    for (String part : spec.split(",")) {
      int eq = part.indexOf('=');
      if (eq > 0 && !PROFILE_KEYS.contains(part.substring(0, eq).trim().toLowerCase(Locale.ROOT))) return true;
    }
    return false;
  }

  private static LinkShaper named(String spec, String profile) {
    try {
      return LinkProfiles.parse(profile);
    } catch (IllegalArgumentException e) {
      throw bad(spec, "unknown profile '" + profile + "'");
    }
  }

  private static IllegalArgumentException bad(String spec, String what) {
    return new IllegalArgumentException("bad link plan '" + spec + "': " + what + "; " + EXPECTED);
  }

  /** The link to {@code host:port}; for a dropped peer, the default (see {@link #drops}). */
  public LinkShaper forPeer(String host, int port) {
    LinkShaper s = rules.get(key(host, port));
    return s != null ? s : fallback;
  }

  /** Whether connections to {@code host:port} are dropped (a partition). */
  public boolean drops(String host, int port) {
    String k = key(host, port);
    return rules.containsKey(k) && rules.get(k) == null;
  }

  /** The link of connections this instance accepts. */
  public LinkShaper inbound() {
    return fallback;
  }

  private static String key(String host, int port) {
    return host.toLowerCase(Locale.ROOT) + ":" + port;
  }

  public String describe() {
    if (rules.isEmpty()) return fallback.describe();
    StringBuilder b = new StringBuilder(fallback.describe());
    rules.forEach((k, v) -> b.append(", ").append(k).append(v == null ? " dropped" : " " + v.describe()));
    return b.toString();
  }

  @Override
  public String toString() {
    return describe();
  }
}
