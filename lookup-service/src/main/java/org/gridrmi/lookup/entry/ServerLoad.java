package org.gridrmi.lookup.entry;

import net.jini.entry.AbstractEntry;

/** Jini attribute: how busy a GridRMI server is; refreshed periodically by the server. */
public class ServerLoad extends AbstractEntry {
  private static final long serialVersionUID = 1L;

  /** Free physical memory of the server's machine in bytes (rounded to MiB to limit churn). */
  public Long freeMemory;
  /** System load average of the last minute, null where the platform has none. */
  public Double load;

  /** Required by Jini: a template with every field a wildcard. */
  public ServerLoad() {}

  public ServerLoad(Long freeMemory, Double load) {
    this.freeMemory = freeMemory;
    this.load = load;
  }
}
