/**
 * The starter project: a GridRMI service of your own, its server and its client, to copy as the start of yours. A
 * standalone project (its own pom.xml, not a module of GridRMI's build), built against GridRMI's published
 * artifacts; used by you, and by GridRMI's StarterIT, which builds and runs it.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link StarterClient}: a client that splits the work over two servers; the intermediate values go from server
 *       to server, never through the client.
 *   <li>{@link StarterServer}: a server exporting {@link TextStats}; prints one line with its address once it serves.
 *   <li>{@link TextStats}: the service, a plain Java interface marked {@code @GridService}, from which the annotation
 *       processor writes {@code TextStatsAsync}.
 *   <li>{@link TextStatsImpl}: the implementation, ordinary Java that knows nothing of GridRMI.
 *   <li>{@link WordCounts}: a value of your own type, which travels between JVMs and so is serializable.
 * </ul>
 */
package org.example.starter;
