package org.gridrmi.runtime;

import org.gridrmi.runtime.net.NetContexts;
import org.gridrmi.runtime.internal.rmi.RmiTransport;
import org.gridrmi.runtime.transport.Timeouts;

/**
 * The context of references read outside any Grid or server (user code deserializing one itself): they are fetched
 * over plain RMI with default settings. Created on first use, once per JVM.
 */
final class DetachedContext {
  private DetachedContext() {}

  static RefContext create() {
    SerialPolicy policy = new SerialPolicy(SerialPolicy.Limits.DEFAULT, java.util.List.of());
    NodeRuntime runtime = new NodeRuntime("detached", new RmiTransport(NetContexts.defaultPlain(), Timeouts.DEFAULT,
        policy.filter()), policy, RuntimeSettings.DEFAULT);
    return new FetchingContext(runtime, new Fetcher(runtime, () -> null, null), null, null, null);
  }
}
