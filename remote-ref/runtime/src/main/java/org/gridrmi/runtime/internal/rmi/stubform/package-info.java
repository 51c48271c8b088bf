/**
 * Internal to gridrmi-runtime: reads where a serialized RMI stub points without making the stub (so without the
 * JVM's distributed GC connecting there), for the RMI transport's check of the stubs a registry hands out.
 */
package org.gridrmi.runtime.internal.rmi.stubform;
