package org.gridrmi.perf;

import java.util.List;

/** The RMI variants of the paper's section 3, with the equation that models each. */
public enum Variant {
  /** Eq. 1: every result goes to the client and back. */
  PLAIN("1", "plain RMI", null),
  /** Eq. 2: results stay on their server, the next server fetches them; localized RMI is the same across servers. */
  LAZY_ACROSS("2", "lazy/localized RMI", CallLayout.ACROSS_SERVERS),
  /** Eq. 3: lazy RMI on one server, the result is fetched through a local socket. */
  LAZY_ONE_SERVER("3", "lazy RMI", CallLayout.ONE_SERVER),
  /** Eq. 4: localized RMI on one server, the result is taken from memory. */
  LOCALIZED_ONE_SERVER("4", "localized RMI", CallLayout.ONE_SERVER),
  /** Eq. 5 (max form): future references across servers; this is "improved RMI" across servers. */
  FUTURE_ACROSS("5", "future-based (improved)", CallLayout.ACROSS_SERVERS),
  /** Eq. 6: eq. 5 assuming each t_i exceeds the reference round trip. */
  FUTURE_ACROSS_ASSUMED("6", "future-based, t_i dominates", CallLayout.ACROSS_SERVERS),
  /**
   * Eq. 7 in max form: future references on one server, "improved RMI" on one server; equals eq. 7 when each
   * t_i &ge; 2(t_s + n_r t_w).
   */
  FUTURE_ONE_SERVER("7", "future-based (improved)", CallLayout.ONE_SERVER),
  /** Fig. 7's lower bound: one call that computes t_1 + ... + t_k. */
  LOWER_BOUND("-", "lower bound (one call)", null);

  private final String equation;
  private final String label;
  private final CallLayout layout;

  Variant(String equation, String label, CallLayout layout) {
    this.equation = equation;
    this.label = label;
    this.layout = layout;
  }

  /** The paper's equation number, {@code "-"} for the lower bound. */
  public String equation() {
    return equation;
  }

  public String label() {
    return label;
  }

  /** Whether the variant's equation applies to this layout (plain and the lower bound apply to both). */
  public boolean appliesTo(CallLayout l) {
    return layout == null || layout == l;
  }

  /** The variants that apply to a layout, in the paper's order. */
  public static List<Variant> of(CallLayout l) {
    return java.util.Arrays.stream(values()).filter(v -> v.appliesTo(l)).toList();
  }

  /** All three optimizations together, the paper's "improved RMI" (section 3.5), for a layout. */
  public static Variant improved(CallLayout l) {
    return l == CallLayout.ONE_SERVER ? FUTURE_ONE_SERVER : FUTURE_ACROSS;
  }
}
