package org.gridrmi.server.it;

import org.gridrmi.ref.GridService;
import org.gridrmi.ref.Task;

/** A tiny service for the hostile-input test. */
@GridService
public interface Echo {
  String echo(String s);

  String run(Task<String, String> task, String arg);

  /** An implementation. */
  class Impl implements Echo {
    @Override public String echo(String s) { return s; }
    @Override public String run(Task<String, String> task, String arg) {
      try {
        return task.apply(arg);
      } catch (Exception e) {
        throw new IllegalStateException(e);
      }
    }
  }
}
