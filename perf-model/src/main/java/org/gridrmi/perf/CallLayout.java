package org.gridrmi.perf;

/**
 * Where the composed calls of the cost model run: each on its own server, or all on one server. The model's
 * equations differ by it (eq. 2, 5, 6 across servers; eq. 3, 4, 7 on one). Not the client's
 * {@code org.gridrmi.client.Placement}, which says where one call of a running program went and why.
 */
public enum CallLayout {
  ACROSS_SERVERS("across servers"),
  ONE_SERVER("one server");

  private final String label;

  CallLayout(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }
}
