/**
 * The Jini attribute classes GridRMI servers register with, next to the standard
 * {@code net.jini.lookup.entry.Name} (server name) and {@code ServiceInfo} (GridRMI version in
 * {@code version}, service type in {@code model}). These classes are the contract with plain
 * Jini clients: public fields, no-argument constructors, never renamed. Jini matches an entry by
 * its class and the names and types of its public fields, so a renamed field breaks clients built
 * against the class as it was: {@code GridServerInfo.endpoint} became {@code address} (the name
 * GridRMI gives a server's {@code rmi://host:port} everywhere) while GridRMI is a 0.x snapshot. Used by
 * lookup-service, which writes them into every registration and reads them back, and by plain Jini clients that
 * match GridRMI registrations by them; GridRMI's other modules see them only through {@code ServerRecord}.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link GridAttribute}: one free-form key/value pair a server declares, one entry per key, so that Jini
 *       templates can match on a key.
 *   <li>{@link GridServerInfo}: where a GridRMI server is (its host and {@code address}), its cores, and which
 *       service type this registration offers; a template with every field null matches every GridRMI registration.
 *   <li>{@link ServerLoad}: how busy a GridRMI server is, refreshed periodically by the server.
 * </ul>
 */
package org.gridrmi.lookup.entry;
