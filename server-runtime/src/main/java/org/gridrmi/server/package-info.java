/**
 * The server API users program against: {@link GridServer} exports plain Java service interfaces, holds the values
 * its calls make, and runs async calls as their arguments arrive. Used by users, and by the gridrmi command's
 * {@code gridrmi server} and the benchmarks.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link GridServer}: a GridRMI server, set up on its builder: exports services, holds values, runs async
 *       calls on a bounded pool.
 * </ul>
 */
package org.gridrmi.server;
