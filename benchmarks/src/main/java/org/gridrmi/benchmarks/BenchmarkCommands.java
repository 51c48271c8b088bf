package org.gridrmi.benchmarks;

import java.util.List;
import org.gridrmi.cli.CommandProvider;

/** What this module adds to the {@code gridrmi} command: the demo, calibration and every benchmark. */
public final class BenchmarkCommands implements CommandProvider {
  @Override
  public List<Object> commands() {
    return List.of(new DemoCommand(), new CalibrateCommand(), new ArchiveClassesCommand());
  }

  @Override
  public List<Object> benchmarks() {
    return List.of(
        new CodecBench(),
        new MatmulBench(),
        new Fig7Bench(),
        new SvdBench(),
        new SoakBench(),
        new ChaosBench(),
        new IdleBench(),
        new MemoryBench(),
        new TransferBench(),
        new LatencyBench(),
        new ValuesBench(),
        new PlacementBench(),
        new HostileBench(),
        new LifetimeBench(),
        new ScaleBench());
  }
}
