package org.gridrmi.benchmarks;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The faults of the chaos benchmark, one per phase, and what each does to the servers S1..S3: which server it
 * strikes, the link plan of every server and client during the phase, and when it strikes and heals.
 */
enum ChaosFault {
  /** No fault: what the chains do on a healthy Grid. */
  BASELINE("no fault"),
  /** S1 stopped with SIGSTOP for a while, then resumed with SIGCONT. */
  STOP("SIGSTOP, then SIGCONT"),
  /** S2 killed with kill -9 (started again for the next phase). */
  KILL("kill -9"),
  /** S3 cut off from S1 (each drops connections to the other) while clients still reach both. */
  PARTITION("cut off from another server"),
  /** S3 behind a slow link: everything it sends and everything sent to it crosses the paper's WAN. */
  SLOW("behind a slow link");

  /** The link of the slow server. */
  public static final String SLOW_LINK = "paper-wan";
  /** When a fault that strikes during the phase strikes: chains are in flight by then. */
  static final Duration STRIKE_AT = Duration.ofMillis(1500);
  /** How long chains go on after a fault healed, or after a kill. */
  static final Duration AFTER = Duration.ofMillis(2500);

  private final String what;

  ChaosFault(String what) {
    this.what = what;
  }

  /** The name on the command line and in the tables. */
  public String label() {
    return name().toLowerCase(Locale.ROOT);
  }

  /** The fault's name on the command line. */
  public static ChaosFault parse(String s) {
    for (ChaosFault f : values()) if (f.label().equals(s.trim().toLowerCase(Locale.ROOT))) return f;
    throw new IllegalArgumentException(
        "unknown fault '" + s + "'; expected one of baseline, stop, kill, partition, " + "slow");
  }

  /** Whether this phase strikes a server at all (the baseline does not count as a fault). */
  public boolean isFault() {
    return this != BASELINE;
  }

  /** The server the fault strikes, or null. */
  public String victim(List<String> servers) {
    return switch (this) {
      case BASELINE -> null;
      case STOP -> servers.get(0);
      case KILL -> servers.get(1);
      case PARTITION, SLOW -> servers.get(2);
    };
  }

  /** The server the victim is cut off from (partition only), or null. */
  public String peer(List<String> servers) {
    return this == PARTITION ? servers.get(0) : null;
  }

  /** One line: what strikes whom. */
  public String describe(List<String> servers) {
    String v = victim(servers);
    return switch (this) {
      case BASELINE -> what;
      case PARTITION -> v + " " + what + " (" + peer(servers) + "), not from the clients";
      default -> v + " " + what;
    };
  }

  /** The link plan of server {@code name} during this phase; {@code base} is the run's profile. */
  public String serverLink(ChaosServers servers, String name, String base) {
    List<String> all = servers.names();
    String victim = victim(all);
    if (this == PARTITION && name.equals(victim))
      return rules(base, servers.hostPort(peer(all)), "drop");
    if (this == PARTITION && name.equals(peer(all)))
      return rules(base, servers.hostPort(victim), "drop");
    if (this == SLOW) return name.equals(victim) ? SLOW_LINK : clientLink(servers, base);
    return base;
  }

  /** The link plan of the clients during this phase. */
  public String clientLink(ChaosServers servers, String base) {
    return this == SLOW ? rules(base, servers.hostPort(victim(servers.names())), SLOW_LINK) : base;
  }

  private static String rules(String base, String peer, String profile) {
    return "default=" + base + "," + peer + "=" + profile;
  }

  /** How long the phase's chains are spread over: the fault's time, with chains before and after it. */
  public Duration span(Duration stopFor) {
    return this == STOP ? STRIKE_AT.plus(stopFor).plus(AFTER) : STRIKE_AT.plus(AFTER);
  }

  /** When a fault that strikes during the phase strikes (from the phase's first chain), or null. */
  public Duration strikeAt() {
    return this == STOP || this == KILL ? STRIKE_AT : null;
  }

  /** When it heals, or null: a stopped server is resumed, a killed one stays dead until the next phase. */
  public Duration healAt(Duration stopFor) {
    return this == STOP ? STRIKE_AT.plus(stopFor) : null;
  }
}
