/**
 * {@code gridrmi bench hostile}: every known attack on a Grid's servers, as a raw peer and as a Grid client, with
 * what each cost the servers. Run through the gridrmi command (added by {@link org.gridrmi.benchmarks.BenchmarkCommands});
 * integration-tests runs it short.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link HostileBench}: {@code gridrmi bench hostile}: the attacks, a table, CSV, PNG and the summary line.
 * </ul>
 */
package org.gridrmi.benchmarks.hostile;
