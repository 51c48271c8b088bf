/**
 * The annotation processor (gridrmi-processor) that writes the {@code NameAsync} view of every
 * {@code @GridService} interface {@code Name}, and refuses at compile time a service it cannot map. Users and
 * GridRMI's service modules put it on the compiler's processor path (Maven {@code annotationProcessorPaths},
 * Gradle {@code annotationProcessor}); no code calls it.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link AsyncViewProcessor}: writes the async view of every {@code @GridService} interface; a service it
 *       cannot map is a compile error naming the method.
 * </ul>
 */
package org.gridrmi.processor;
