/**
 * The Jini attribute classes GridRMI servers register with, next to the standard
 * {@code net.jini.lookup.entry.Name} (server name) and {@code ServiceInfo} (GridRMI version in
 * {@code version}, service type in {@code model}). These classes are the contract with plain
 * Jini clients: public fields, no-argument constructors, never renamed. Jini matches an entry by
 * its class and the names and types of its public fields, so a renamed field breaks clients built
 * against the class as it was: {@code GridServerInfo.endpoint} became {@code address} (the name
 * GridRMI gives a server's {@code rmi://host:port} everywhere) while GridRMI is a 0.x snapshot.
 */
package org.gridrmi.lookup.entry;
