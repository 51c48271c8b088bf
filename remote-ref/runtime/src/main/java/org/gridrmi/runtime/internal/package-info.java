/**
 * Internal to gridrmi-runtime (codecs of the JDK values and bounded reads of sized data): no other module may
 * import it.
 */
package org.gridrmi.runtime.internal;
