package org.gridrmi.examples.cli;

import org.gridrmi.ref.internal.net.LinkProfiles;
import org.gridrmi.ref.internal.net.Links;
import picocli.CommandLine.Option;

/** The {@code --link} option every command takes: installs the link emulation for this JVM and its children. */
public final class LinkOption {
  @Option(names = "--link", paramLabel = "PROFILE",
      description = "emulated link: loopback, lan, paper-wan, or delay=21ms,bw=3MB/s (default: loopback)")
  void set(String spec) {
    Links.install(LinkProfiles.parse(spec)); // refuses a bad spec with a message naming it
    System.setProperty(Links.PROPERTY, spec);
  }

  /** The link in force, as given. */
  public static String current() {
    return System.getProperty(Links.PROPERTY, "loopback");
  }
}
