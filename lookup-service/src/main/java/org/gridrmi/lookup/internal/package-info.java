/**
 * Internal to lookup-service (everything that touches Apache River: embedded Reggie, join, the discovery cache,
 * configuration, exporters): no other module may import it.
 */
package org.gridrmi.lookup.internal;
