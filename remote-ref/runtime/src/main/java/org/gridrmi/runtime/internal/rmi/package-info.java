/**
 * Internal to gridrmi-runtime (the RMI transport and the remote object behind each node): no other module may
 * import it.
 */
package org.gridrmi.runtime.internal.rmi;
