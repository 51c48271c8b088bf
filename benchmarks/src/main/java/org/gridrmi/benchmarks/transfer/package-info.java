/**
 * The service of {@code gridrmi bench transfer}: one server makes a value, another takes it and reduces it to a
 * checksum, so that the value moves between them. Used by gridrmi-benchmarks only.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link TransferOps}: make a value, take it as an argument and check it, as a GridRMI service.
 *   <li>{@link TransferOpsImpl}: {@link TransferOps}, handing out one value per size so that the benchmark times
 *       moving it, not filling it.
 * </ul>
 */
package org.gridrmi.benchmarks.transfer;
