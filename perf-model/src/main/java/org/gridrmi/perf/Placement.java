package org.gridrmi.perf;

/** Where the composed calls run: each on its own server, or all on one server. */
public enum Placement {
  ACROSS_SERVERS("across servers"),
  ONE_SERVER("one server");

  private final String label;

  Placement(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
