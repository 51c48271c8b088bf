package org.gridrmi.perf;

import java.util.List;
import java.util.Locale;

/**
 * The paper's analytic cost model (section 3, equations 1-7), generalised to a chain of k composed calls, and the
 * section 3.5 rules. For k = 2 and n_0 = 0 every formula reduces to the paper's equation of the same number.
 *
 * <p>Notation: k calls; n_0 the client's input; n_i the result of call i; t_i its compute time;
 * S = t_1 + ... + t_k; M = n_1 + ... + n_(k-1) (the intermediate results). Each call is a request and a reply,
 * 2 t_s plus the bytes they carry times t_w.
 *
 * <pre>
 * eq.1 plain            comm = 2k t_s + (n_0 + 2M + n_k) t_w                       total = comm + S
 * eq.2 lazy, across     comm = (4k-2) t_s + (n_0 + 2(k-1) n_r + M + n_k) t_w       total = comm + S
 *                       (k calls passing references, plus k-1 server-to-server fetches of 2 t_s + n_i t_w)
 * eq.3 lazy, one server comm = 2k t_s + (n_0 + 2(k-1) n_r + n_k) t_w + 2(k-1) tau_s + M tau_w
 * eq.4 localized, one   comm = 2k t_s + (n_0 + 2(k-1) n_r + n_k) t_w
 * eq.5 future, across   A_1 = t_s + n_0 t_w,  A_i = A_(i-1) + 2(t_s + n_r t_w)   (call i reaches its server)
 *                       B_1 = A_1,  B_i = max(F_(i-1), A_i + t_s) + n_(i-1) t_w    (call i starts computing)
 *                       F_i = B_i + t_i;   total = F_k + t_s + n_k t_w;  comm = total - S
 * eq.6 (t_i dominates)  total = 2 t_s + (n_0 + M + n_k) t_w + S
 * eq.7 future, one srv  as eq.5 with B_i = max(F_(i-1), A_i) (the result is local, nothing to fetch)
 * lower bound           total = 2 t_s + (n_0 + n_k) t_w + S   (one call computing S)
 * </pre>
 *
 * <p>Two conventions are the paper's, kept so that k = 2 reproduces it: eq. 5/6 charge the server-to-server value
 * transfer n_(i-1) t_w without a t_s (its request's t_s is inside the max), and the client's final fetch is assumed
 * to be waiting already (true when t_k &ge; t_s + n_r t_w).
 */
public final class CostModel {
  private final CostParameters parameters;

  public CostModel(CostParameters parameters) {
    this.parameters = java.util.Objects.requireNonNull(parameters);
  }

  public CostParameters parameters() {
    return parameters;
  }

  /** The predicted time of one variant for a chain (the paper's example is {@link Composition#twoCalls}). */
  public Prediction predict(Variant v, Composition c) {
    LinkCost network = parameters.network(), localSocket = parameters.localSocket();
    double ts = network.ts(), tw = network.tw(), nr = parameters.referenceBytes();
    int k = c.calls();
    double s = c.totalCompute(), m = c.intermediateBytes(), n0 = c.bytes(0), nk = c.bytes(k);
    return switch (v) {
      case PLAIN -> sync(v, 2 * k * ts + (n0 + 2 * m + nk) * tw, s);
      case LAZY_ACROSS -> sync(v, (4 * k - 2) * ts + (n0 + 2 * (k - 1) * nr + m + nk) * tw, s);
      case LAZY_ONE_SERVER ->
        sync(
            v,
            2 * k * ts
                + (n0 + 2 * (k - 1) * nr + nk) * tw
                + 2 * (k - 1) * localSocket.ts()
                + m * localSocket.tw(),
            s);
      case LOCALIZED_ONE_SERVER -> sync(v, 2 * k * ts + (n0 + 2 * (k - 1) * nr + nk) * tw, s);
      case FUTURE_ACROSS -> async(v, futures(c, true), s);
      case FUTURE_ACROSS_ASSUMED -> async(v, 2 * ts + (n0 + m + nk) * tw + s, s);
      case FUTURE_ONE_SERVER -> async(v, futures(c, false), s);
      case LOWER_BOUND -> async(v, 2 * ts + (n0 + nk) * tw + s, s);
    };
  }

  /** The predictions of every variant that applies to the layout, in the paper's order. */
  public List<Prediction> predictAll(Composition c, CallLayout layout) {
    return Variant.of(layout).stream().map(v -> predict(v, c)).toList();
  }

  /**
   * Plain or improved RMI, whichever the model predicts faster (eq. 1 against eq. 5 across servers, eq. 7 on one
   * server; a tie, as on a link without cost, is plain: improved would gain nothing), with the section 3.5 rule of
   * thumb beside it ({@link RuleOfThumb}) and, where the two disagree, why.
   */
  public Recommendation recommend(Composition c, CallLayout layout) {
    Variant improvedVariant = Variant.improved(layout);
    double plain = predict(Variant.PLAIN, c).totalSeconds();
    double improved = predict(improvedVariant, c).totalSeconds();
    // under a nanosecond is rounding, not a saving (eq. 1 and eq. 7 sum the same terms in another
    // order)
    boolean faster = plain - improved > 1e-9;
    Recommendation.Choice choice =
        faster ? Recommendation.Choice.IMPROVED : Recommendation.Choice.PLAIN;
    String reason;
    if (c.calls() < 2) {
      reason = "a single call composes nothing; predicted " + ms(plain) + " either way";
    } else if (faster || plain < improved - 1e-9) {
      Variant chosen = faster ? improvedVariant : Variant.PLAIN;
      Variant other = faster ? Variant.PLAIN : improvedVariant;
      Recommendation.Choice otherChoice =
          faster ? Recommendation.Choice.PLAIN : Recommendation.Choice.IMPROVED;
      reason = String.format(
          Locale.ROOT,
          "%s: predicted %s vs %s with %s (eq. %s vs eq. %s), %s less",
          layout.label(),
          ms(Math.min(plain, improved)),
          ms(Math.max(plain, improved)),
          otherChoice.label(),
          chosen.equation(),
          other.equation(),
          ms(Math.abs(plain - improved)));
    } else {
      reason = String.format(
          Locale.ROOT,
          "%s: predicted %s with either (eq. 1 and eq. %s): improved RMI gains "
              + "nothing on this link",
          layout.label(),
          ms(plain),
          improvedVariant.equation());
    }
    RuleOfThumb rule = RuleOfThumb.evaluate(parameters, c, layout)
        .explainedBy(choice, parameters, c, layout, plain, improved);
    return new Recommendation(choice, reason, plain, improved, rule);
  }

  /** Completion time of the future-based chain: the recurrence of the class comment. */
  private double futures(Composition c, boolean fetchFromPreviousServer) {
    LinkCost network = parameters.network();
    double ts = network.ts(), tw = network.tw();
    double arrive = ts + c.bytes(0) * tw;
    double finish = arrive + c.compute(1);
    for (int i = 2; i <= c.calls(); i++) {
      arrive += 2 * network.seconds(parameters.referenceBytes());
      double start = fetchFromPreviousServer
          ? Math.max(finish, arrive + ts) + c.bytes(i - 1) * tw
          : Math.max(finish, arrive);
      finish = start + c.compute(i);
    }
    return finish + network.seconds(c.bytes(c.calls()));
  }

  private static Prediction sync(Variant v, double comm, double compute) {
    return new Prediction(v, comm, comm + compute);
  }

  private static Prediction async(Variant v, double total, double compute) {
    return new Prediction(v, total - compute, total);
  }

  private static String ms(double seconds) {
    return RuleOfThumb.ms(seconds);
  }
}
