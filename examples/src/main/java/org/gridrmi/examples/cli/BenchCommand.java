package org.gridrmi.examples.cli;

import picocli.CommandLine.Command;

/** {@code gridrmi bench NAME}: the benchmarks; each prints a table and writes CSV and PNG under results/. */
@Command(name = "bench", mixinStandardHelpOptions = true,
    description = "Run a benchmark: prints a table, writes CSV and a PNG plot under results/.",
    subcommands = {
        org.gridrmi.examples.bench.CodecBench.class,
        org.gridrmi.examples.bench.MatmulBench.class,
        org.gridrmi.examples.bench.Fig7Bench.class,
        org.gridrmi.examples.bench.SvdBench.class,
        org.gridrmi.examples.bench.SoakBench.class,
        org.gridrmi.examples.bench.ChaosBench.class,
        org.gridrmi.examples.bench.IdleBench.class,
        org.gridrmi.examples.bench.MemoryBench.class,
        org.gridrmi.examples.bench.TransferBench.class,
        org.gridrmi.examples.bench.PlacementBench.class,
    })
public final class BenchCommand {
}
