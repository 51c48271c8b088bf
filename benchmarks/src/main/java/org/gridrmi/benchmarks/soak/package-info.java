/**
 * The chains and the service of the soak and chaos benchmarks ({@code gridrmi bench soak}, {@code bench chaos}).
 * Used by gridrmi-benchmarks, and by servers that export {@link SoakOps} with a ledger.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link ChainRun}: the client side: threads share chains {@code consume(transform(produce()))} across up to
 *       three servers.
 *   <li>{@link SoakOps}: the three-call chain as a GridRMI service, every call carrying the chain's token.
 *   <li>{@link SoakOpsImpl}: {@link SoakOps} that records every call in a ledger before running it, and sleeps for
 *       its compute time.
 * </ul>
 */
package org.gridrmi.benchmarks.soak;
