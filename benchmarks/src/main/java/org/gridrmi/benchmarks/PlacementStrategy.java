package org.gridrmi.benchmarks;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.gridrmi.client.CallOptions;
import org.gridrmi.client.Grid;
import org.gridrmi.client.ServerInfo;
import org.gridrmi.perf.placement.CostSnapshot;
import org.gridrmi.ref.AsyncView;

/**
 * One way to place a workload's calls, as {@code bench placement} compares them: all on one server, today's default
 * (one server per view, the lowest reported load), locality only, the model's placement call by call
 * ({@code CallOptions.auto()}), and the best static assignment the model finds by exhaustive search.
 */
abstract class PlacementStrategy {
  final String name;

  PlacementStrategy(String name) {
    this.name = name;
  }

  /** The placer for one run of {@code w} (static strategies compute their assignment once, from {@code table}). */
  abstract PlacementWorkload.Placer placer(
      Grid grid, PlacementWorkload w, CostSnapshot table, String client);

  /** Every call on {@code server}. */
  static PlacementStrategy oneServer(ServerInfo server) {
    return new PlacementStrategy("all on " + server.name()) {
      @Override
      PlacementWorkload.Placer placer(
          Grid grid, PlacementWorkload w, CostSnapshot table, String client) {
        return fixed(grid, n -> server);
      }
    };
  }

  /** Today's default: {@code grid.async(View.class)} for each chain (each solve), whatever server that picks. */
  static PlacementStrategy lowestLoad() {
    return new PlacementStrategy("lowest load") {
      @Override
      PlacementWorkload.Placer placer(
          Grid grid, PlacementWorkload w, CostSnapshot table, String client) {
        Map<String, Object> views = new HashMap<>();
        return new PlacementWorkload.Placer() {
          @Override
          public <V extends AsyncView<?>> V view(Class<V> type, int step, int unit) {
            return type.cast(
                views.computeIfAbsent(type.getName() + "#" + unit, k -> grid.async(type)));
          }
        };
      }
    };
  }

  /** Each call where its largest argument is (the policy's own fallback, with the sizes it learned). */
  static PlacementStrategy locality(List<ServerInfo> servers) {
    return new PlacementStrategy("locality") {
      @Override
      PlacementWorkload.Placer placer(
          Grid grid, PlacementWorkload w, CostSnapshot table, String client) {
        return assigned(
            grid, servers, w.schedule(client).greedy(table.resultSizesOnly(), addresses(servers)));
      }
    };
  }

  /** Each call placed by the model as it is made: the automatic views. */
  static PlacementStrategy model(Map<Class<?>, Object> autoViews) {
    return new PlacementStrategy("model") {
      @Override
      PlacementWorkload.Placer placer(
          Grid grid, PlacementWorkload w, CostSnapshot table, String client) {
        return new PlacementWorkload.Placer() {
          @Override
          public <V extends AsyncView<?>> V view(Class<V> type, int step, int unit) {
            return type.cast(
                autoViews.computeIfAbsent(type, t -> grid.async(type, CallOptions.auto())));
          }
        };
      }
    };
  }

  /** The assignment of the whole workload with the smallest prediction, by exhaustive search (branch and bound). */
  static PlacementStrategy best(List<ServerInfo> servers) {
    return new PlacementStrategy("best static") {
      private final Map<String, String[]> found = new HashMap<>();

      @Override
      PlacementWorkload.Placer placer(
          Grid grid, PlacementWorkload w, CostSnapshot table, String client) {
        // searched once per workload, with the estimates of its first run: the search takes a while
        return assigned(
            grid,
            servers,
            found.computeIfAbsent(
                w.name(), k -> w.schedule(client).best(table, addresses(servers))));
      }
    };
  }

  private static List<String> addresses(List<ServerInfo> servers) {
    return servers.stream().map(ServerInfo::address).toList();
  }

  private static PlacementWorkload.Placer assigned(
      Grid grid, List<ServerInfo> servers, String[] addresses) {
    Map<String, ServerInfo> byAddress = new HashMap<>();
    servers.forEach(s -> byAddress.put(s.address(), s));
    return fixed(grid, step -> byAddress.get(addresses[step]));
  }

  private static PlacementWorkload.Placer fixed(
      Grid grid, java.util.function.IntFunction<ServerInfo> at) {
    Map<String, Object> views = new HashMap<>();
    return new PlacementWorkload.Placer() {
      @Override
      public <V extends AsyncView<?>> V view(Class<V> type, int step, int unit) {
        ServerInfo s = at.apply(step);
        return type.cast(
            views.computeIfAbsent(type.getName() + "@" + s.address(), k -> grid.async(type, s)));
      }
    };
  }
}
