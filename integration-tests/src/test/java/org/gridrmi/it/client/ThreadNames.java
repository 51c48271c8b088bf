package org.gridrmi.it.client;

import org.gridrmi.ref.GridService;

/** Where a server runs a call: which of its threads. */
@GridService
public interface ThreadNames {
  /** {@code text}, then a space and the name of the thread this call runs on. */
  String appendThread(String text);
}
