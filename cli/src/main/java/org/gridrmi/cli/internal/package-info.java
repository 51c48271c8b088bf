/** Internal to gridrmi-cli (the sweep of gridrmi model): no other module may import it. */
package org.gridrmi.cli.internal;
