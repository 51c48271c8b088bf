package org.gridrmi.client;

import org.gridrmi.client.internal.Directory;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.Status;

/** Directories backed by a Jini lookup service (see lookup-service). */
final class LookupDirectories {
  private LookupDirectories() {}

  static Directory unicast(String url) {
    throw new GridException(Status.UNAVAILABLE, "lookup discovery is not wired yet: " + url);
  }

  static Directory multicast(String... groups) {
    throw new GridException(Status.UNAVAILABLE, "lookup discovery is not wired yet");
  }
}
