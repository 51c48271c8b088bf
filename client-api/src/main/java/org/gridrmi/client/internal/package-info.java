/**
 * Internal to client-api (the session behind a Grid: its channels, view handlers, directories, recovery and
 * automatic placement): no other module may import it.
 */
package org.gridrmi.client.internal;
