/**
 * Internal to gridrmi-runtime (the data plane: framed chunked streams, data connections' client and server): no
 * other module may import it.
 */
package org.gridrmi.runtime.internal.data;
