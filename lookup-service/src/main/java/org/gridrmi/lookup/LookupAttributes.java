package org.gridrmi.lookup;

/** The keys of the attributes every GridRMI registration carries, in {@link ServerRecord#attributes()}. */
public final class LookupAttributes {
  public static final String NAME = "name";
  public static final String HOST = "host";
  /** The server's address, {@code rmi://host:port} (also {@link ServerRecord#address()}). */
  public static final String ADDRESS = "address";

  public static final String CORES = "cores";
  /** Free physical memory of the server's machine, bytes. */
  public static final String FREE_MEMORY = "freeMemory";
  /** Load average of the last minute; absent where the platform has none. */
  public static final String LOAD = "load";
  /** The GridRMI version of the server. */
  public static final String VERSION = "version";

  private LookupAttributes() {}
}
