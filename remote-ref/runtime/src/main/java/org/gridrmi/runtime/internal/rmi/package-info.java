/**
 * Internal to gridrmi-runtime (the RMI transport: the remote object behind each node and its clients, the RMI nodes
 * of this JVM, and the proxy a server registers with the lookup service for each service); reached from above only
 * through the transport package's {@code Transport}: no other module may import it.
 */
package org.gridrmi.runtime.internal.rmi;
