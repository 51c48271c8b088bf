package org.gridrmi.runtime.net;

import java.util.Collection;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The emulated link of each peer one instance talks to: one profile for every peer ({@code lan},
 * {@code delay=21ms,bw=3MB/s}), or a matrix of rules:
 * <ul>
 *   <li>{@code default=PROFILE}: every link no other rule names;
 *   <li>{@code NAME=PROFILE}: every link touching the node of that name ({@code S3}; {@code client} is every Grid);
 *       a link between two such nodes takes the slower of their profiles (the larger delay, then the lower
 *       bandwidth);
 *   <li>{@code A-B=PROFILE}: the link between those two nodes, whichever end;
 *   <li>{@code HOST:PORT=PROFILE}: connections this instance makes to that address (the most specific of all).
 * </ul>
 * A rule's profile is a named one, explicit parameters ({@code S2=delay=20ms,bw=5MB/s}) or {@code drop}: a network
 * partition, where a connection to that peer is never made (it times out as one to an unreachable host does). Each
 * end shapes what it sends by the rule of the pair, so every JVM of a run is given the same plan. A plan with names
 * needs each connection's peer to say who it is: {@link LinkHello}.
 */
public final class LinkPlan {
  /** The plan of no emulation at all. */
  public static final LinkPlan NONE =
      new LinkPlan(LinkShaper.NONE, Map.of(), Map.of(), Map.of(), null);
  /** What every Grid is called in a matrix. */
  public static final String CLIENT = "client";

  private static final Set<String> PROFILE_KEYS = Set.of("delay", "bw", "tw");
  private static final String DROP = "drop";
  /** A node's name in a matrix: no separator of the syntax in it. */
  private static final String NAME = "[A-Za-z0-9_.]+";

  private static final String EXPECTED =
      "expected a profile (loopback, lan, paper-wan, delay=21ms,bw=3MB/s) or rules "
          + "default=PROFILE,NAME=PROFILE,A-B=PROFILE,HOST:PORT=PROFILE,... where a rule's PROFILE is a profile or drop";
  /** Marks a dropped peer in the rule maps (null values are not allowed in the maps the plan copies). */
  private static final LinkShaper DROPPED = new EmulatedLink("drop", 0, Double.POSITIVE_INFINITY);

  private final LinkShaper fallback;
  private final Map<String, LinkShaper> byAddress;
  private final Map<String, LinkShaper> byName;
  /** Pairs as "A-B" with A before B in string order. */
  private final Map<String, LinkShaper> byPair;
  /** This instance's name in the matrix, or null while unbound. */
  private final String self;

  private LinkPlan(
      LinkShaper fallback,
      Map<String, LinkShaper> byAddress,
      Map<String, LinkShaper> byName,
      Map<String, LinkShaper> byPair,
      String self) {
    this.fallback = fallback;
    this.byAddress = byAddress;
    this.byName = byName;
    this.byPair = byPair;
    this.self = self;
  }

  /** One profile for every peer. */
  public static LinkPlan of(LinkShaper shaper) {
    return new LinkPlan(shaper, Map.of(), Map.of(), Map.of(), null);
  }

  /**
   * Parses a plan.
   *
   * @throws IllegalArgumentException naming the bad part and the expected forms
   */
  public static LinkPlan parse(String spec) {
    if (spec == null || !isRules(spec)) return of(LinkProfiles.parse(spec));
    LinkShaper fallback = LinkShaper.NONE;
    Map<String, LinkShaper> byAddress = new LinkedHashMap<>();
    Map<String, LinkShaper> byName = new LinkedHashMap<>();
    Map<String, LinkShaper> byPair = new LinkedHashMap<>();
    Set<String> seen = new java.util.HashSet<>();
    for (Map.Entry<String, String> rule : rules(spec).entrySet()) {
      String key = rule.getKey();
      String profile = rule.getValue();
      if (key.isEmpty() || profile.isEmpty())
        throw bad(spec, "'" + key + "=" + profile + "' is not KEY=PROFILE");
      LinkShaper shaper = profile.equalsIgnoreCase(DROP) ? DROPPED : named(spec, profile);
      if (key.equalsIgnoreCase("default")) {
        if (shaper == DROPPED) throw bad(spec, "the default cannot be drop");
        fallback = shaper;
      } else if (key.matches("[^:\\s]+:[0-9]{1,5}")) {
        byAddress.put(key.toLowerCase(Locale.ROOT), shaper);
      } else if (key.matches(NAME)) {
        byName.put(key, shaper);
      } else if (key.matches(NAME + "-" + NAME)) {
        String[] ab = key.split("-");
        if (ab[0].equals(ab[1]))
          throw bad(spec, "'" + key + "' names the same node twice: a pair is two nodes");
        String pair = pair(ab[0], ab[1]);
        if (!seen.add("pair " + pair))
          throw bad(spec, "the pair '" + key + "' is given more than once");
        byPair.put(pair, shaper);
        continue;
      } else {
        throw bad(
            spec,
            "'" + key
                + "' is neither default, a node's NAME, a pair A-B of names (letters, digits, _ "
                + "and .) nor a peer's HOST:PORT");
      }
      if (!seen.add(key.toLowerCase(Locale.ROOT)))
        throw bad(spec, "'" + key + "' is given more than once");
    }
    return new LinkPlan(
        fallback,
        Collections.unmodifiableMap(byAddress),
        Collections.unmodifiableMap(byName),
        Collections.unmodifiableMap(byPair),
        null);
  }

  /**
   * The rules of a spec in order, each key with its profile; a part that is a profile parameter ({@code bw=5MB/s})
   * goes on with the profile of the rule before it ({@code S2=delay=20ms,bw=5MB/s}).
   */
  private static Map<String, String> rules(String spec) {
    Map<String, String> rules = new LinkedHashMap<>();
    String last = null;
    for (String part : spec.split(",", -1)) {
      int eq = part.indexOf('=');
      String key = eq < 0 ? part.trim() : part.substring(0, eq).trim();
      String value = eq < 0 ? "" : part.substring(eq + 1).trim();
      if (last != null && PROFILE_KEYS.contains(key.toLowerCase(Locale.ROOT))) {
        rules.put(last, rules.get(last) + "," + part.trim());
        continue;
      }
      if (rules.containsKey(key)) throw bad(spec, "'" + key + "' is given more than once");
      rules.put(key, value);
      last = key;
    }
    return rules;
  }

  private static boolean isRules(String spec) {
    for (String part : spec.split(",")) {
      int eq = part.indexOf('=');
      if (eq > 0 && !PROFILE_KEYS.contains(part.substring(0, eq).trim().toLowerCase(Locale.ROOT)))
        return true;
    }
    return false;
  }

  private static LinkShaper named(String spec, String profile) {
    try {
      return LinkProfiles.parse(profile);
    } catch (IllegalArgumentException e) {
      throw bad(spec, "bad profile '" + profile + "' (" + e.getMessage() + ")");
    }
  }

  private static IllegalArgumentException bad(String spec, String what) {
    return new IllegalArgumentException("bad link plan '" + spec + "': " + what + "; " + EXPECTED);
  }

  private static String pair(String a, String b) {
    return a.compareTo(b) <= 0 ? a + "-" + b : b + "-" + a;
  }

  /** This plan as seen by the node called {@code name} ({@value #CLIENT} for a Grid). */
  public LinkPlan as(String name) {
    return new LinkPlan(fallback, byAddress, byName, byPair, name);
  }

  /** Whether the plan has rules by node name, so that each connection's peer must say its name. */
  public boolean byName() {
    return !byName.isEmpty() || !byPair.isEmpty();
  }

  /** This node's name in the plan, or null if it was never bound ({@link #as}). */
  public String self() {
    return self;
  }

  /** The node names the plan's rules mention, {@value #CLIENT} aside. */
  public Set<String> names() {
    Set<String> names = new TreeSet<>(byName.keySet());
    byPair.keySet().forEach(p -> names.addAll(java.util.List.of(p.split("-"))));
    names.remove(CLIENT);
    return names;
  }

  /**
   * Checks that every name of the plan is one of {@code servers}, the grid's servers: the Grid checks it once it
   * knows them (when it is built), since a server alone does not know the others.
   *
   * @throws IllegalArgumentException naming the unknown names and the servers there are
   */
  public void checkNames(Collection<String> servers) {
    Set<String> unknown = new TreeSet<>(names());
    unknown.removeAll(servers);
    if (!unknown.isEmpty()) {
      throw new IllegalArgumentException(
          "the link plan names " + String.join(", ", unknown) + ", not a server of "
              + "this grid (its servers: " + String.join(", ", new TreeSet<>(servers))
              + "; every Grid is '" + CLIENT
              + "')");
    }
  }

  /** The link to the node {@code peer} (null: a peer that did not say), whichever end connected. */
  private LinkShaper between(String peer) {
    if (peer != null && self != null) {
      LinkShaper p = byPair.get(pair(self, peer));
      if (p != null) return p;
    }
    LinkShaper mine = self == null ? null : byName.get(self);
    LinkShaper theirs = peer == null ? null : byName.get(peer);
    if (mine != null && theirs != null) return slower(mine, theirs);
    if (mine != null) return mine;
    return theirs != null ? theirs : fallback;
  }

  private static LinkShaper slower(LinkShaper a, LinkShaper b) {
    if (a == DROPPED || b == DROPPED) return DROPPED;
    if (!(a instanceof EmulatedLink ea)) return b;
    if (!(b instanceof EmulatedLink eb)) return a;
    if (ea.delayNanos() != eb.delayNanos()) return ea.delayNanos() > eb.delayNanos() ? a : b;
    return ea.bytesPerSecond() <= eb.bytesPerSecond() ? a : b;
  }

  private LinkShaper outbound(String host, int port, String peer) {
    LinkShaper s = byAddress.get(key(host, port));
    return s != null ? s : between(peer);
  }

  /** The link to {@code host:port}, the node {@code peer} (null if unknown); for a dropped peer, the default. */
  public LinkShaper forPeer(String host, int port, String peer) {
    LinkShaper s = outbound(host, port, peer);
    return s == DROPPED ? fallback : s;
  }

  /** The link to {@code host:port} by address rules alone (a plan without names). */
  public LinkShaper forPeer(String host, int port) {
    return forPeer(host, port, null);
  }

  /** Whether connections to {@code host:port}, the node {@code peer}, are dropped (a partition). */
  public boolean drops(String host, int port, String peer) {
    return outbound(host, port, peer) == DROPPED;
  }

  /** Whether connections to {@code host:port} are dropped by an address rule. */
  public boolean drops(String host, int port) {
    return drops(host, port, null);
  }

  /** Whether connections from the node {@code peer} are dropped (a partition by name). */
  public boolean dropsInbound(String peer) {
    return peer != null && between(peer) == DROPPED;
  }

  /** The link of connections this instance accepts from the node {@code peer} (null: a peer that did not say). */
  public LinkShaper inbound(String peer) {
    LinkShaper s = between(peer);
    return s == DROPPED ? fallback : s;
  }

  /** The link of connections this instance accepts from peers that do not say who they are. */
  public LinkShaper inbound() {
    return inbound(null);
  }

  private static String key(String host, int port) {
    return host.toLowerCase(Locale.ROOT) + ":" + port;
  }

  public String describe() {
    if (byAddress.isEmpty() && !byName()) return fallback.describe();
    StringBuilder b = new StringBuilder(fallback.describe());
    Map<String, LinkShaper> all = new LinkedHashMap<>(byName);
    all.putAll(byPair);
    all.putAll(byAddress);
    all.forEach(
        (k, v) -> b.append(", ").append(k).append(v == DROPPED ? " dropped" : " " + v.describe()));
    return b.toString();
  }

  @Override
  public String toString() {
    return describe();
  }
}
