package org.gridrmi.lookup.internal;

/** The GridRMI version a server advertises: the jar's Implementation-Version, else the build's. */
final class Version {
  /** Kept in step with the reactor version; used when running from classes, not a jar. */
  private static final String FALLBACK = "0.1.0-SNAPSHOT";

  private Version() {}

  static String current() {
    String fromJar = Version.class.getPackage().getImplementationVersion();
    return fromJar != null ? fromJar : FALLBACK;
  }
}
