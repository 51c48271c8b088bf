package org.gridrmi.lookup.entry;

import net.jini.entry.AbstractEntry;

/**
 * Jini attribute: where a GridRMI server is and which service type this registration offers.
 * Part of the wire contract: any Jini client with this class can match and read it; a template
 * with all fields null matches every GridRMI registration.
 */
public class GridServerInfo extends AbstractEntry {
  private static final long serialVersionUID = 1L;

  /** Host name or address of the server. */
  public String host;
  /** The server's address, {@code rmi://host:port}: where it is called. */
  public String address;
  /** Fully qualified name of the Java interface this registration offers. */
  public String serviceType;
  /** Processors available to the server's JVM. */
  public Integer cores;

  /** Required by Jini: a template with every field a wildcard. */
  public GridServerInfo() {}

  public GridServerInfo(String host, String address, String serviceType, Integer cores) {
    this.host = host;
    this.address = address;
    this.serviceType = serviceType;
    this.cores = cores;
  }
}
