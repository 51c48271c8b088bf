package org.gridrmi.client.internal;

import java.lang.reflect.Parameter;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.Supplier;
import org.gridrmi.client.Placement;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.perf.placement.Call;
import org.gridrmi.perf.placement.Choice;
import org.gridrmi.perf.placement.CostSnapshot;
import org.gridrmi.perf.placement.Estimate;
import org.gridrmi.perf.placement.Input;
import org.gridrmi.perf.placement.Predictor;
import org.gridrmi.perf.placement.ResultSizes;
import org.gridrmi.perf.placement.Timeline;
import org.gridrmi.ref.GridException;
import org.gridrmi.ref.RemoteReference;
import org.gridrmi.ref.Status;
import org.gridrmi.runtime.LocalNode;
import org.gridrmi.runtime.store.Slot;
import org.gridrmi.runtime.store.ValueSizes;
import org.gridrmi.runtime.wire.Ref;

/**
 * The automatic placement of one Grid ({@code CallOptions.auto()}): for each call, the model's prediction on every
 * candidate server ({@link Predictor}) from the estimates the Grid has now ({@link #use}, refreshed in the background
 * by {@link CostRefresher}) and the calls it placed itself (their predicted finish, on each server's threads), and
 * the choice; what it predicted for each call it remembers (the last {@value #REMEMBERED}) for {@link #explain} and
 * for the calls that take its result. The result sizes are learned from the values this Grid sees.
 */
public final class AutoPlacement {
  /** How many placements are remembered for explain and for the calls that take their results. */
  static final int REMEMBERED = 10_000;

  private static final System.Logger LOG = System.getLogger(AutoPlacement.class.getName());
  private final Session session;
  private final long epochNanos = System.nanoTime();
  private volatile CostSnapshot table = CostSnapshot.empty();
  private final Timeline timeline = new Timeline();
  private final ResultSizes sizes = new ResultSizes();
  private final Map<UUID, Placed> placed = new LinkedHashMap<>(256, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<UUID, Placed> eldest) {
      return size() > REMEMBERED;
    }
  };
  /** Sizes of values of other calls this Grid received (done values), for the calls that take them. */
  private final Map<UUID, Double> seen = new LinkedHashMap<>(256, 0.75f, false) {
    @Override
    protected boolean removeEldestEntry(Map.Entry<UUID, Double> eldest) {
      return size() > REMEMBERED;
    }
  };
  /** Whether this Grid made an automatic view: until then nothing is measured or refreshed. */
  private volatile boolean active;
  /** The Grid's estimates, refreshed in the background once an automatic view is made. */
  private CostRefresher refresher;

  /**
   * One call placed.
   *
   * @param label {@code Service.method}
   * @param choice where it went, and every candidate's prediction
   * @param argBytes its arguments' sizes as the model took them (NaN where unknown), for learning its result's size
   * @param finish when it was predicted to be computed, seconds since this policy began
   * @param bytes its result's size: learned once the value is seen here, else expected
   * @param madeAt when it was made, seconds since this policy began
   */
  record Placed(
      String label, Choice choice, double[] argBytes, double finish, double bytes, double madeAt) {
    Placed withBytes(double b) {
      return new Placed(label, choice, argBytes, finish, b, madeAt);
    }
  }

  AutoPlacement(Session session) {
    this.session = session;
  }

  /** New estimates (links, compute times, queues), replacing the previous ones. */
  void use(CostSnapshot estimates) {
    this.table = estimates;
  }

  /** What this Grid learned of its methods' result sizes. */
  ResultSizes resultSizes() {
    return sizes;
  }

  /** The estimates the policy uses now. */
  public CostSnapshot table() {
    return table;
  }

  double now() {
    return (System.nanoTime() - epochNanos) / 1e9;
  }

  /**
   * Chooses the server for a call and books its predicted time there.
   *
   * @param candidates the servers offering the service, lowest load first; servers this Grid lost (they did not
   *     answer) are left out unless every one is lost
   */
  synchronized Placed place(
      String label, Parameter[] params, Object[] args, List<ServerInfo> candidates) {
    List<String> addresses = new ArrayList<>();
    for (ServerInfo s : candidates) {
      if (!session.runtime().peerHealth().isLost(s.address())) addresses.add(s.address());
    }
    if (addresses.isEmpty()) candidates.forEach(s -> addresses.add(s.address()));
    double now = now();
    timeline.forget(
        now); // bookings that ended can delay nothing: the timeline holds only calls in flight
    List<Input> inputs = inputs(params, args, now);
    double[] argBytes = inputs.stream().mapToDouble(Input::bytes).toArray();
    String client = clientAddress();
    Choice choice =
        Predictor.choose(table, timeline, new Call(label, client, inputs, null), addresses, now);
    Estimate chosen = choice.chosenEstimate();
    double finish = now;
    if (chosen != null) {
      Predictor.book(table, timeline, chosen);
      finish = chosen.finish();
    }
    if (LOG.isLoggable(System.Logger.Level.DEBUG))
      LOG.log(System.Logger.Level.DEBUG, logLine(label, choice));
    return new Placed(label, choice, argBytes, finish, sizes.expect(label, argBytes), now);
  }

  /** The call placed as {@code p} was made: its reference is {@code id}. */
  synchronized void made(UUID id, Placed p) {
    placed.put(id, p);
  }

  /**
   * An automatic view was made: from now on values are measured, and the estimates refreshed from the servers'
   * stats in the background.
   */
  synchronized void activate(Supplier<List<ServerInfo>> servers) {
    active = true;
    if (refresher == null) {
      refresher = new CostRefresher(session, this, servers);
      refresher.start();
    }
  }

  /** Reads the servers' estimates now, on the caller's thread (a benchmark, after its warm-up). */
  public void refreshNow() {
    CostRefresher r;
    synchronized (this) {
      r = refresher;
    }
    if (r != null) r.refreshNow();
  }

  /**
   * A value this Grid received: if it is the result of a call placed here, its size teaches its method's; else it is
   * remembered for the calls that take it.
   */
  void arrived(UUID id, Object value) {
    if (!active) return;
    long n = ValueSizes.of(value);
    if (n < 0) return;
    Placed p;
    synchronized (this) {
      p = placed.computeIfPresent(id, (k, old) -> old.withBytes(n));
      if (p == null) seen.put(id, (double) n);
    }
    if (p != null) sizes.learn(p.label(), p.argBytes(), n);
  }

  /**
   * Why the call that made {@code ref} went where it did.
   *
   * @throws GridException INVALID_ARGUMENT if it was not placed automatically by this Grid, NOT_FOUND if it is too
   *     old to be remembered
   */
  Placement explain(RemoteReference<?> ref, Map<String, String> names) {
    Function<String, String> nameOf = a -> names.getOrDefault(a, a);
    if (!(ref instanceof Ref<?> r)
        || !(r.context() instanceof CallContext c)
        || c.session() != session) {
      throw new GridException(
          Status.INVALID_ARGUMENT,
          "explain: " + ref + " was not made by a call of this Grid; "
              + "only calls of a view made with CallOptions.auto() are explained");
    }
    Placed p;
    synchronized (this) {
      p = placed.get(r.id());
    }
    if (p == null) {
      throw new GridException(
          Status.NOT_FOUND,
          "explain: " + c.label() + " was not placed automatically (its view "
              + "was not made with CallOptions.auto()), or is older than the last " + REMEMBERED
              + " placements");
    }
    Choice ch = p.choice();
    String reason = ch.fallback() != null
        ? byName(ch.fallback(), names)
        : String.format(
            Locale.ROOT,
            "the model predicts it completes first there (%.2f ms)",
            (ch.chosenEstimate().completion() - p.madeAt()) * 1e3);
    List<Placement.Candidate> cs = new ArrayList<>();
    for (Estimate e : ch.estimates()) cs.add(candidate(e, p.madeAt(), nameOf));
    return new Placement(p.label(), nameOf.apply(ch.chosen()), ch.fallback() == null, reason, cs);
  }

  /** {@code text} with the servers' addresses replaced by their names. */
  private static String byName(String text, Map<String, String> names) {
    for (Map.Entry<String, String> e : names.entrySet())
      text = text.replace(e.getKey(), e.getValue());
    return text;
  }

  private static Placement.Candidate candidate(
      Estimate e, double t0, Function<String, String> nameOf) {
    List<Placement.Transfer> ts = e.transfers().stream()
        .map(t -> new Placement.Transfer(
            nameOf.apply(t.from()),
            Double.isNaN(t.bytes()) ? -1 : (long) t.bytes(),
            seconds(t.seconds()),
            seconds(t.availableAt() - t0)))
        .toList();
    return new Placement.Candidate(
        nameOf.apply(e.server()),
        seconds(e.completion() - t0),
        seconds(e.arrival() - t0),
        ts,
        seconds(e.queue()),
        seconds(e.compute()),
        seconds(e.forward()),
        e.notes());
  }

  private static Duration seconds(double s) {
    return Duration.ofNanos(Math.max(0, Math.round(s * 1e9)));
  }

  private String logLine(String label, Choice choice) {
    StringBuilder b =
        new StringBuilder("GridRMI placed ").append(label).append(" on ").append(choice.chosen());
    if (choice.fallback() != null)
      return b.append(": ").append(choice.fallback()).toString();
    b.append(": predicted");
    for (Estimate e : choice.estimates()) {
      b.append(String.format(Locale.ROOT, " %s %.2f ms", e.server(), e.completion() * 1e3));
    }
    return b.toString();
  }

  /** The name of this Grid's node in the estimates: its address once it put a value. */
  public String clientAddress() {
    LocalNode home = session.homeIfStarted();
    return home != null ? home.address() : "client:" + session.runtime().name();
  }

  private List<Input> inputs(Parameter[] params, Object[] args, double now) {
    List<Input> inputs = new ArrayList<>();
    LocalNode home = session.homeIfStarted();
    for (int i = 0; i < args.length; i++) {
      if (params[i].getType() != RemoteReference.class || !(args[i] instanceof Ref<?> r)) continue;
      Map<String, Double> copies = new HashMap<>();
      if (home != null && r.owner().equals(home.address())) {
        session.copiesOf(r.id()).forEach(a -> copies.put(a, now));
        Slot s = home.table().get(r.id());
        double n = s == null || s.size() < 0 ? Double.NaN : s.size();
        inputs.add(new Input(r.owner(), n, now, n <= AsyncHandler.PUSH_LIMIT_BYTES, copies));
        continue;
      }
      Placed p = placed.get(r.id());
      double ready = p != null ? Math.max(now, p.finish()) : now;
      session.copiesOf(r.id()).forEach(a -> copies.put(a, ready)); // fetched there once it exists
      inputs.add((p != null
              ? Input.at(r.owner(), p.bytes(), p.finish())
              : Input.at(r.owner(), seen.getOrDefault(r.id(), Double.NaN), now))
          .withCopies(copies));
    }
    return inputs;
  }
}
