/**
 * The values of {@code gridrmi bench values}: users' own value types of each shape, and the service that makes
 * them on one server and takes them on another. Used by gridrmi-benchmarks only.
 *
 * <p>Public API:
 *
 * <ul>
 *   <li>{@link Shapes}: the shapes (a list of small records, a map of strings, jvm-serializers' MediaContent,
 *       arrays of primitives), made deterministically, and their checksum.
 *   <li>{@link ValueOps}: make a value of each shape, take it as an argument and check it, as a GridRMI service.
 *   <li>{@link ValueOpsImpl}: {@link ValueOps}.
 * </ul>
 */
package org.gridrmi.benchmarks.values;
