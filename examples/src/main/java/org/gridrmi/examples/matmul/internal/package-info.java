/**
 * Internal to gridrmi-examples (the matrix multiply's algorithms, block partitions, and the slot and socket
 * clients): no other module may import it.
 */
package org.gridrmi.examples.matmul.internal;
