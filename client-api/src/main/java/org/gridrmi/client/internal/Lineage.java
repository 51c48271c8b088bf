package org.gridrmi.client.internal;

import java.lang.reflect.Method;
import java.time.Duration;
import org.gridrmi.client.ServerInfo;

/**
 * The recorded inputs of an idempotent call: enough to make the same call again elsewhere.
 *
 * @param service the service interface
 * @param viewMethod the async view method that was called
 * @param args the arguments as the caller gave them (references and values)
 * @param deadline the call's deadline, or null
 * @param deadlineNanos when the original call's time runs out ({@link System#nanoTime()}), or 0: a call made again
 *     has only what is left of it
 * @param server where it ran
 * @param label the call as users read it
 * @param remade whether this call is itself a call made again by {@link Recovery}: its failure is that recovery's to
 *     handle (it counts the attempts of the whole chain), so it starts no recovery of its own, or attempts would
 *     multiply past {@link Recovery#MAX_ATTEMPTS}
 */
record Lineage(
    Class<?> service,
    Method viewMethod,
    Object[] args,
    Duration deadline,
    long deadlineNanos,
    ServerInfo server,
    String label,
    boolean remade) {}
