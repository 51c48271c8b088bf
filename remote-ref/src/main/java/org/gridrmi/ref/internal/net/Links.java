package org.gridrmi.ref.internal.net;

/**
 * The JVM-wide link emulation in force. Read from the system property {@code gridrmi.link} (a profile name or
 * {@code delay=21ms,bw=3MB/s}) on first use; every JVM of a Grid is started with the same value by the launcher.
 */
public final class Links {
  public static final String PROPERTY = "gridrmi.link";
  private static volatile LinkShaper current;

  private Links() {}

  /** The shaper applied to new sockets. */
  public static LinkShaper current() {
    LinkShaper s = current;
    if (s == null) {
      synchronized (Links.class) {
        if (current == null) current = StallSwitch.wrap(LinkProfiles.parse(System.getProperty(PROPERTY, "loopback")));
        s = current;
      }
    }
    return s;
  }

  /** Installs a shaper for sockets created from now on (existing connections keep theirs). */
  public static void install(LinkShaper shaper) {
    current = shaper;
  }
}
