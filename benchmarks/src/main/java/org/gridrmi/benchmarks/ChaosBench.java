package org.gridrmi.benchmarks;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import org.gridrmi.benchmarks.soak.ChainRun;
import org.gridrmi.cli.GridOptions;
import org.gridrmi.cli.ServerCommand;
import org.gridrmi.cli.ledger.Ledgers;
import org.gridrmi.runtime.net.LinkProfiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * {@code gridrmi bench chaos}: client threads, each with a Grid of its own, compose chains across server JVMs, every
 * call with a deadline and a share of them {@code @Idempotent}, while faults strike in turn, one phase each: a server
 * stopped (SIGSTOP) then resumed, one killed (kill -9), one cut off from another server (not from the clients), one
 * behind a slow link. Per phase and in all: chains done, failed by status, lost (a {@code get()} that did not return
 * by the deadline plus a watchdog), duplicated (a call to a method that is not {@code @Idempotent} that ran twice,
 * from the servers' ledgers), the longest overrun past a deadline, and the values left on the servers the fault did
 * not strike once every client closed.
 */
@Command(
    name = "chaos",
    mixinStandardHelpOptions = true,
    description =
        "Chaos: chains across server JVMs while faults strike in turn (stop, kill, partition, slow link); "
            + "counts done, failed, lost, duplicated, the overrun past deadlines and leaked values.")
public final class ChaosBench implements Callable<Integer> {
  @Mixin
  GridOptions options;

  @CommandLine.Spec
  CommandLine.Model.CommandSpec spec;

  @Option(
      names = "--clients",
      description = "client threads, each with a Grid of its own (default ${DEFAULT-VALUE})")
  int clients = 8;

  @Option(
      names = "--chains",
      description = "chains in all, shared evenly by the phases and within a phase by the "
          + "clients; each chain is 3 calls (default ${DEFAULT-VALUE})")
  int chains = 500;

  @Option(names = "--servers", description = "server JVMs, at least 3 (default ${DEFAULT-VALUE})")
  int servers = 3;

  @Option(
      names = "--deadline",
      description = "deadline of every call, e.g. 2s (default ${DEFAULT-VALUE})",
      converter = ServerCommand.DurationConverter.class)
  Duration deadline = Duration.ofSeconds(2);

  @Option(
      names = "--faults",
      split = ",",
      paramLabel = "FAULT",
      description = "phases in order, from baseline "
          + "(no fault), stop, kill, partition, slow (default: all of them)")
  List<String> faults = List.of("baseline", "stop", "kill", "partition", "slow");

  @Option(
      names = "--stop-for",
      description = "how long the stopped server stays stopped (default ${DEFAULT-VALUE})",
      converter = ServerCommand.DurationConverter.class)
  Duration stopFor = Duration.ofSeconds(10);

  @Option(
      names = "--idempotent",
      paramLabel = "SHARE",
      description = "share of the calls made to the @Idempotent "
          + "variant of their stage, 0 to 1 (default ${DEFAULT-VALUE})")
  double idempotent = 0.5;

  @Option(
      names = "--size",
      description = "bytes each chain moves from server to server (default ${DEFAULT-VALUE})")
  int size = 1024;

  @Option(
      names = "--millis",
      description = "compute time of produce and transform, ms: with the pace of the chains "
          + "it sets how many are in flight when a fault strikes (default ${DEFAULT-VALUE})")
  int millis = 50;

  @Option(
      names = "--watchdog",
      description = "how long past its deadline a get() may take before its chain counts "
          + "as lost (default ${DEFAULT-VALUE})",
      converter = ServerCommand.DurationConverter.class)
  Duration watchdog = Duration.ofSeconds(30);

  @Option(names = "--out", description = "output directory (default ${DEFAULT-VALUE})")
  Path out = Path.of("results");

  @Override
  public Integer call() throws Exception {
    List<ChaosFault> phases = check();
    Path logs = out.resolve("chaos-logs");
    Path ledgers = Ledgers.clear(logs.resolve("ledgers"));
    ChainRun.Workload work = new ChainRun.Workload(size, millis, deadline, watchdog, idempotent);
    System.out.printf(
        "chaos: %d server JVMs on link %s, %d clients with a Grid each, %d chains in %d phases (3 "
            + "calls each, %.0f%% @Idempotent, %d B per hop, %d ms compute), call deadline %s; phases: %s%n",
        servers,
        options.link(),
        clients,
        chains,
        phases.size(),
        100 * idempotent,
        size,
        millis,
        deadline,
        phases.stream().map(ChaosFault::label).toList());
    List<PhaseResult> results = new ArrayList<>();
    try (ChaosServers grid =
        new ChaosServers(servers, logs, ledgers, options.serverArgs(), List.of())) {
      ChaosPhase phase = new ChaosPhase(new ChaosPhase.Setup(
          grid, options::grid, options.link(), ledgers, work, clients, stopFor));
      for (int i = 0; i < phases.size(); i++) {
        int share = chains / phases.size() + (i < chains % phases.size() ? 1 : 0);
        PhaseResult r = phase.run(i + 1, phases.get(i), share);
        results.add(r);
        System.out.println("  " + ChaosReport.line(r));
      }
    }
    ChaosReport.print(results);
    ChaosReport.write(results, options.link(), out);
    System.out.println(ChaosReport.summary(results));
    return 0;
  }

  /** The options a run cannot go with, each refused in one line; returns the phases. */
  private List<ChaosFault> check() {
    CommandLine cl = spec.commandLine(); // its error stream is the one the command runs with
    if (clients < 1
        || chains < 1
        || servers < 3
        || !(idempotent >= 0 && idempotent <= 1)
        || size < 0
        || millis < 0) {
      throw new CommandLine.ParameterException(
          cl,
          "need --clients >= 1, --chains >= 1, --servers >= 3, "
              + "--idempotent from 0 to 1, --size and --millis >= 0");
    }
    try {
      if (options.link().contains(",")) throw new IllegalArgumentException("rules");
      LinkProfiles.parse(options.link());
    } catch (IllegalArgumentException e) {
      throw new CommandLine.ParameterException(
          cl,
          "--link '" + options.link() + "': bench chaos adds rules per "
              + "server to it, so it takes one profile without commas: loopback, lan, paper-wan or delay=21ms");
    }
    List<ChaosFault> phases = new ArrayList<>();
    for (String f : faults) {
      try {
        phases.add(ChaosFault.parse(f));
      } catch (IllegalArgumentException e) {
        throw new CommandLine.ParameterException(cl, "--faults '" + f + "': " + e.getMessage());
      }
    }
    if (phases.isEmpty() || chains < phases.size()) {
      throw new CommandLine.ParameterException(
          cl,
          "--chains " + chains + ": need at least one chain per phase (" + phases.size()
              + " phases)");
    }
    return phases;
  }
}
