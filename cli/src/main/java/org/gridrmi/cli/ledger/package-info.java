/**
 * The execution ledger: each server process's append-only record of the calls it ran, and the reading of a
 * directory of them, which tells the calls that ran more than once. Written under {@code gridrmi server --ledger};
 * read by the soak and chaos benchmarks (gridrmi-benchmarks).
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link ExecutionLedger}: a server process's record of every call it ran, in a file of its own that only
 *       grows.
 *   <li>{@link Ledgers}: every execution recorded by the ledgers of one directory, and which calls ran more than
 *       once.
 * </ul>
 */
package org.gridrmi.cli.ledger;
