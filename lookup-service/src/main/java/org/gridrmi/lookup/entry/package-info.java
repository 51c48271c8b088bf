/**
 * The Jini attribute classes GridRMI servers register with, next to the standard
 * {@code net.jini.lookup.entry.Name} (server name) and {@code ServiceInfo} (GridRMI version in
 * {@code version}, service type in {@code model}). These classes are the contract with plain
 * Jini clients: public fields, no-argument constructors, never renamed.
 */
package org.gridrmi.lookup.entry;
