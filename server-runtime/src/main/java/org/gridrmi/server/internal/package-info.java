/**
 * Internal to server-runtime (the server's endpoint, dataflow executor, service registry, task allowlist and
 * lookup join): no other module may import it.
 */
package org.gridrmi.server.internal;
