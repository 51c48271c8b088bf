package org.gridrmi.cli;

import java.util.List;

/**
 * Commands another module adds to the {@code gridrmi} command, found with {@link java.util.ServiceLoader} on the
 * class path (register the implementation in {@code META-INF/services/org.gridrmi.cli.CommandProvider}). The
 * benchmarks module adds {@code demo}, {@code calibrate} and every {@code bench} NAME this way, so the command line
 * needs no dependency on it: the {@code gridrmi} launcher runs with both on its class path.
 */
public interface CommandProvider {
  /** Subcommands of {@code gridrmi} itself: picocli command objects, such as {@code demo}. */
  List<Object> commands();

  /** Subcommands of {@code gridrmi bench}: picocli command objects, one per benchmark. */
  List<Object> benchmarks();
}
