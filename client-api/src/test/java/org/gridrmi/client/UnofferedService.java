package org.gridrmi.client;

import org.gridrmi.ref.GridService;

/** A service no test server exports. */
@GridService
public interface UnofferedService {
  String hello(String name);
}
