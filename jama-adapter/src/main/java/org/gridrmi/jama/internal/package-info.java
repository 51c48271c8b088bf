/**
 * Internal to jama-adapter (argument checks, and the guard that runs JAMA's SVD only where it terminates): no
 * other module may import it.
 */
package org.gridrmi.jama.internal;
