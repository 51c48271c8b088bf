/**
 * The service of {@code gridrmi bench memory}: one server makes a value, another reduces it to a number. Used by
 * gridrmi-benchmarks only.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link MemoryOps}: {@code sum(make(bytes))}, as a GridRMI service.
 *   <li>{@link MemoryOpsImpl}: {@link MemoryOps} with content computed from the index alone, so that a client can
 *       check a sum without the value.
 * </ul>
 */
package org.gridrmi.benchmarks.memory;
