/**
 * Discovery through a Jini lookup service (Apache River): a lookup service run inside this JVM, a server's
 * registration, and a live view of the servers registered. lookup-service is the only module that may use River;
 * the others use these types. Used by GridRMI's own modules (client-api, server-runtime, the gridrmi command, the
 * benchmarks); users reach discovery through {@code Grid.builder().lookup(...)},
 * {@code GridServer.builder().join(...)} and {@code gridrmi lookup}.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link JiniUrls}: parses and checks {@code jini://host[:port]} addresses; every error names the address.
 *   <li>{@link LookupAttributes}: the keys of the attributes every GridRMI registration carries.
 *   <li>{@link LookupDirectory}: a live view of the GridRMI servers registered in Jini lookup services.
 *   <li>{@link LookupRegistration}: a server's presence in a lookup service (Jini join): registers in the
 *       background, and again after the lookup service restarts.
 *   <li>{@link LookupServer}: a Jini lookup service (River's Reggie) running inside this JVM, with no policy file,
 *       configuration file or JVM flag.
 *   <li>{@link PortProbe}: what answers at a TCP port (a Jini lookup service, a Java RMI endpoint), asked with one
 *       bounded exchange, for messages that name the scheme an address should have had.
 *   <li>{@link ServerListener}: told when a server appears in, changes in or leaves a {@link LookupDirectory};
 *       called in order on one thread.
 *   <li>{@link ServerRecord}: a GridRMI server as the lookup service knows it: what a server registers, and what a
 *       {@link LookupDirectory} reads back (the registrations that share one address, merged).
 * </ul>
 */
package org.gridrmi.lookup;
