/**
 * The benchmarks and the demo, which are commands of the {@code gridrmi} command ({@code gridrmi demo},
 * {@code calibrate}, {@code bench NAME}), added through {@link BenchmarkCommands}; each prints a table and a
 * summary line and writes CSV and PNG under results/. Also the server JVMs on this machine that they and the demo
 * start ({@link LocalGrid}, {@link ServerJvm}); their measuring helpers are in {@code benchmarks.harness}. Run
 * through the gridrmi command; integration-tests reuses some classes; users do not compile against it.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link BenchmarkCommands}: what this module adds to the {@code gridrmi} command: the demo, calibration and
 *       every benchmark.
 *   <li>{@link CalibrateCommand}: {@code gridrmi calibrate}: measures t_s/t_w (and tau_s/tau_w) and writes the
 *       calibration file.
 *   <li>{@link Calibrator}: measures the model's link parameters on the real path.
 *   <li>{@link ChaosBench}: {@code gridrmi bench chaos}: chains across server JVMs while faults strike in turn.
 *   <li>{@link ChaosReport}: the chaos benchmark's table, files and summary line.
 *   <li>{@link CodecBench}: {@code gridrmi bench codec}: the matrix codec against Java serialization and a raw
 *       socket.
 *   <li>{@link CodecThroughput}: how fast a matrix crosses a loopback TCP connection, three ways.
 *   <li>{@link DemoCommand}: {@code gridrmi demo}: the paper in a minute, the Fig. 2 composition and then the SVD
 *       solver's placements.
 *   <li>{@link Fig2Comparison}: the paper's Fig. 2 measured across two servers, plain RMI against improved RMI.
 *   <li>{@link Fig7Bench}: {@code gridrmi bench fig7}: the paper's Fig. 7.
 *   <li>{@link HostileBench}: {@code gridrmi bench hostile}: every known attack on two servers, as a raw peer and
 *       as a Grid client, with what each cost them.
 *   <li>{@link LatencyBench}: {@code gridrmi bench latency}: small calls, async chains vs plain calls, across
 *       servers vs on one, and a fresh client's first 1,000 chains.
 *   <li>{@link IdleBench}: {@code gridrmi bench idle}: the CPU an idle lookup service and two servers use.
 *   <li>{@link LifetimeBench}: {@code gridrmi bench lifetime}: the deterministic simulation of value lifetime over
 *       many seeds, or one seed replayed.
 *   <li>{@link LocalGrid}: a Grid on this machine: server JVMs exporting the example services on one emulated link.
 *   <li>{@link MatmulBench}: {@code gridrmi bench matmul}: distributed matrix multiply against sequential JAMA.
 *   <li>{@link MemoryBench}: {@code gridrmi bench memory}: whether a client that never releases anything fills the
 *       servers.
 *   <li>{@link MemoryReport}: what {@code bench memory} prints and writes.
 *   <li>{@link PlacementBench}: {@code gridrmi bench placement}: four servers with mixed links and speeds under
 *       every placement policy.
 *   <li>{@link ScaleBench}: {@code gridrmi bench scale}: how costs grow with servers, clients, live values and
 *       value size, on stock server JVMs.
 *   <li>{@link ServerJvm}: a GridRMI server in a JVM of its own, started with this JVM's class path.
 *   <li>{@link SoakBench}: {@code gridrmi bench soak}: many client threads run chains across server JVMs, optionally
 *       killing one halfway.
 *   <li>{@link SvdBench}: {@code gridrmi bench svd}: the paper's case study, plain against improved against ideal
 *       placement.
 *   <li>{@link TransferBench}: {@code gridrmi bench transfer}: how fast a value moves from the server that made it
 *       to the server that takes it.
 *   <li>{@link ValuesBench}: {@code gridrmi bench values}: users' value types, Java serialization against the fast
 *       codec, in one JVM and between two server JVMs.
 * </ul>
 */
package org.gridrmi.benchmarks;
