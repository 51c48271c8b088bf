package org.gridrmi.examples.cli;

import org.gridrmi.ref.internal.net.LinkProfiles;
import org.gridrmi.ref.internal.net.Links;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

/** The {@code --link} option every command takes: installs the link emulation for this JVM and its children. */
public final class LinkOption {
  @Spec(Spec.Target.MIXEE) CommandSpec command;

  @Option(names = "--link", paramLabel = "PROFILE",
      description = "emulated link: loopback, lan, paper-wan, or delay=21ms,bw=3MB/s (default: loopback)")
  void set(String spec) {
    try {
      Links.install(LinkProfiles.parse(spec));
    } catch (IllegalArgumentException e) { // one line naming the option, the value and the forms it takes
      throw new ParameterException(command.commandLine(), "--link '" + spec + "': not a link profile; "
          + LinkProfiles.EXPECTED);
    }
    System.setProperty(Links.PROPERTY, spec);
  }

  /** The link in force, as given. */
  public static String current() {
    return System.getProperty(Links.PROPERTY, "loopback");
  }
}
