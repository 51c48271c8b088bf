package org.gridrmi.perf.placement;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gridrmi.perf.LinkCost;

/**
 * A whole composition of calls under the model: how long it takes with a given assignment of its calls to servers
 * ({@link #simulate}), the assignment the online policy makes call by call ({@link #greedy}), and the best static
 * assignment by exhaustive search ({@link #best}, branch and bound). Every call is made at time 0 (a client makes a
 * chain in microseconds), the client fetches the results marked so as soon as they exist.
 *
 * @param client the client's node address
 * @param steps the calls, each taking values put by the client or results of earlier calls
 * @param pushLimit the largest put value that travels inside a batch (larger ones are fetched from the client)
 */
public record Schedule(String client, List<Step> steps, double pushLimit) {
  public Schedule {
    steps = List.copyOf(steps);
    for (int i = 0; i < steps.size(); i++) {
      for (Arg a : steps.get(i).args()) {
        if (a instanceof Arg.Result r && (r.step() < 0 || r.step() >= i)) {
          throw new IllegalArgumentException("step " + i + " takes the result of step " + r.step()
              + ": only earlier steps' results can be arguments");
        }
      }
    }
  }

  /**
   * One call.
   *
   * @param method the service method key
   * @param args its reference arguments
   * @param fetched whether the client fetches its result
   */
  public record Step(String method, List<Arg> args, boolean fetched) {
    public Step {
      args = List.copyOf(args);
    }
  }

  /** A reference argument: a value the client put, a value a server holds already, or an earlier step's result. */
  public sealed interface Arg {
    /** A value of {@code bytes} that exists on {@code server} from the start (made there before); {@code id} names it. */
    record Held(int id, String server, double bytes) implements Arg {}

    /** A value of {@code bytes} the client put; {@code id} tells equal puts apart (one is pushed once per server). */
    record Put(int id, double bytes) implements Arg {}

    /** The result of step {@code step}. */
    record Result(int step) implements Arg {}
  }

  /**
   * The model's prediction of the composition with {@code servers[i]} running step i.
   *
   * @return when the last result the client fetches is there (or the last call ends, if it fetches none), seconds
   */
  public double simulate(CostTable table, String[] servers) {
    State s =
        new State(table, steps.size(), List.of(servers).stream().distinct().toList());
    for (int i = 0; i < steps.size(); i++) s.run(i, servers[i]);
    return s.total;
  }

  /** The assignment the online policy makes: each call, in order, where it is predicted to complete first. */
  public String[] greedy(CostTable table, List<String> candidates) {
    State s = new State(table, steps.size(), candidates);
    String[] chosen = new String[steps.size()];
    for (int i = 0; i < steps.size(); i++) {
      Choice c = Predictor.choose(table, s.timeline, s.call(i), candidates, 0);
      chosen[i] = c.chosen();
      s.run(i, chosen[i]);
    }
    return chosen;
  }

  /** The assignment with the smallest prediction of all {@code candidates}^steps, by branch and bound. */
  public String[] best(CostTable table, List<String> candidates) {
    String[] start = greedy(table, candidates);
    Search search = new Search(table, candidates, start.clone(), simulate(table, start));
    search.descend(
        new State(table, steps.size(), candidates),
        0,
        new String[steps.size()],
        tails(table, candidates));
    return search.best;
  }

  /**
   * For each step, the least time from its end to the end of the composition: along the calls that take its result,
   * the fastest compute time each could have. A partial assignment whose step i ends at f cannot finish before
   * f + tail(i), which prunes most of the search.
   */
  private double[] tails(CostTable table, List<String> candidates) {
    double[] tail = new double[steps.size()];
    for (int i = steps.size() - 1; i >= 0; i--) {
      for (int j = i + 1; j < steps.size(); j++) {
        if (steps.get(j).args().contains(new Arg.Result(i))) {
          double fastest = Double.POSITIVE_INFINITY;
          for (String c : candidates) {
            double t = table.computeSeconds(c, steps.get(j).method());
            fastest = Math.min(fastest, Double.isNaN(t) ? 0 : t);
          }
          tail[i] = Math.max(tail[i], fastest + tail[j]);
        }
      }
    }
    return tail;
  }

  private final class Search {
    final CostTable table;
    final List<String> candidates;
    String[] best;
    double bound;

    Search(CostTable table, List<String> candidates, String[] best, double bound) {
      this.table = table;
      this.candidates = candidates;
      this.best = best;
      this.bound = bound;
    }

    void descend(State s, int i, String[] partial, double[] tail) {
      double lower = s.total;
      for (int k = 0; k < i; k++) lower = Math.max(lower, s.finish[k] + tail[k]);
      if (lower >= bound - 1e-12) return; // adding calls never makes a composition finish earlier
      if (i == steps.size()) {
        bound = s.total;
        best = partial.clone();
        return;
      }
      for (String c : candidates) {
        State next = s.copy();
        next.run(i, c);
        partial[i] = c;
        descend(next, i + 1, partial, tail);
      }
    }
  }

  private static String key(Arg a) {
    return a instanceof Arg.Put p
        ? "put " + p.id()
        : a instanceof Arg.Held h ? "held " + h.id() : "result " + ((Arg.Result) a).step();
  }

  /** A composition part-way through the model: where each result is, when, and the servers' threads. */
  private final class State {
    final CostTable table;
    /** The servers whose compute times stand in for one not measured on a server yet. */
    final List<String> servers;

    Timeline timeline = new Timeline();
    final String[] where;
    final double[] finish;
    /** Per argument (a put, a held value, a result), the servers holding a copy and from when. */
    final Map<String, Map<String, Double>> copies = new HashMap<>();

    double total;

    State(CostTable table, int n, List<String> servers) {
      this.table = table;
      this.servers = servers;
      this.where = new String[n];
      this.finish = new double[n];
    }

    State copy() {
      State s = new State(table, where.length, servers);
      s.timeline = timeline.copy();
      System.arraycopy(where, 0, s.where, 0, where.length);
      System.arraycopy(finish, 0, s.finish, 0, finish.length);
      copies.forEach((k, v) -> s.copies.put(k, new HashMap<>(v)));
      s.total = total;
      return s;
    }

    Call call(int i) {
      List<Input> inputs = new ArrayList<>();
      for (Arg a : steps.get(i).args()) {
        Input in;
        if (a instanceof Arg.Held h) {
          in = Input.at(h.server(), h.bytes(), 0);
        } else if (a instanceof Arg.Put p) {
          in = new Input(client, p.bytes(), 0, p.bytes() <= pushLimit, Map.of());
        } else {
          int from = ((Arg.Result) a).step();
          in = Input.at(where[from], table.resultBytes(steps.get(from).method()), finish[from]);
        }
        inputs.add(in.withCopies(copies.getOrDefault(key(a), Map.of())));
      }
      return new Call(steps.get(i).method(), client, inputs, null);
    }

    /** Each argument that came from elsewhere stays on {@code server} as a replica from when it arrived. */
    private void keepCopies(int i, Estimate e) {
      List<Arg> args = steps.get(i).args();
      for (int k = 0; k < args.size(); k++) {
        copies
            .computeIfAbsent(key(args.get(k)), x -> new HashMap<>())
            .merge(e.server(), e.transfers().get(k).availableAt(), Math::min);
      }
    }

    void run(int i, String server) {
      Estimate e = Predictor.estimate(table, timeline, call(i), server, 0, servers);
      Predictor.book(table, timeline, e);
      where[i] = server;
      finish[i] = e.finish();
      keepCopies(i, e);
      double done = e.finish();
      if (steps.get(i).fetched()) {
        double n = table.resultBytes(steps.get(i).method());
        LinkCost down = server.equals(client) ? LinkCost.ZERO : table.link(server, client);
        if (down == null) down = table.fallbackLink();
        done += down == null ? 0 : down.seconds(Double.isNaN(n) ? 0 : n);
      }
      total = Math.max(total, done);
    }
  }
}
