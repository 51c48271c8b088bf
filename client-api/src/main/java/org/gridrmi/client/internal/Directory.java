package org.gridrmi.client.internal;

import java.util.List;
import java.util.function.Consumer;
import org.gridrmi.client.ServerInfo;

/** Where a Grid learns which servers exist: fixed addresses, or a lookup service that sees them come and go. */
public interface Directory extends AutoCloseable {
  /** The servers known now. */
  List<ServerInfo> servers();

  /** Calls {@code listener} with the current list whenever a server appears, changes or disappears. */
  default void onChange(Consumer<List<ServerInfo>> listener) {}

  /**
   * The servers registered when it opened whose service interfaces this JVM cannot load (see
   * {@code LookupDirectory.unloadable()}); none for a directory of addresses.
   */
  default List<ServerInfo> unloadable() {
    return List.of();
  }

  /** {@link #unloadable()} as a clause for messages, empty for none. */
  default String describeUnloadable() {
    return "";
  }

  /** Where it looks, for messages. */
  String describe();

  @Override
  default void close() {}
}
