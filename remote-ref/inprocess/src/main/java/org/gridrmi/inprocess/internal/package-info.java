/**
 * Internal to gridrmi-inprocess (the hub and transport behind InProcessNetwork, reached by other modules only
 * through org.gridrmi.ref.InternalInProcess): no other module may import it.
 */
package org.gridrmi.inprocess.internal;
